import type { GateFinding, GatesConfig } from "@agent-verify/contract";
import { stageCommands, type ToolStage } from "../tools/detect.js";
import { cheatFindings } from "../cheats/index.js";
import { finding, outcome, type GatesContext, type Stage } from "../context.js";
import { isPresent, type FileChange } from "../diff/change.js";
import { showFile } from "../diff/git.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  grownSuppressions,
  isCoverageConfig,
  isEslintConfig,
  isSuppressionsFile,
  isTsconfig,
  commandChanges,
  loosenedEslint,
  loosenedGates,
  loosenedTsconfig,
  loweredCoverage,
} from "./floor-config.js";
import { FLOOR_PATTERNS, isTestFile } from "./floor-patterns.js";
import { regressionFindings } from "./regression.js";
import { addedTestNames, removedTests } from "./removed-tests.js";
import { fileTestDefinitions as definitions } from "./test-count.js";

function markerFindings(file: FileChange): GateFinding[] {
  const patterns = FLOOR_PATTERNS.filter((p) => p.applies(file.path));
  if (patterns.length === 0) return [];
  const out: GateFinding[] = [];
  for (const [line, text] of file.added) {
    for (const p of patterns) {
      const match = p.pattern.exec(text);
      if (!match) continue;
      out.push(
        finding("floor", file.path, line, p.rule, `new ${p.what}: ${match[0].trim()}`, p.hint),
      );
      break;
    }
  }
  return out;
}

/** A deleted test file whose tests all live on in new test files was moved, not deleted (untracked files have no rename). */
async function movedElsewhere(ctx: GatesContext, file: FileChange): Promise<boolean> {
  const basePath = file.oldPath ?? file.path;
  const base = await showFile(ctx.root, ctx.change.mergeBase, basePath);
  if (base === undefined) return false;
  const wanted = (await definitions(basePath, base)).map((t) => t.name);
  const fresh = ctx.change.files.filter(
    (f) => (f.status === "untracked" || f.status === "added") && isTestFile(f.path),
  );
  const names: string[] = [];
  for (const f of fresh)
    names.push(
      ...(await definitions(f.path, await readFile(join(ctx.root, f.path), "utf8"))).map(
        (t) => t.name,
      ),
    );
  return (
    fresh.length > 0 &&
    wanted.every((name) => {
      const index = names.indexOf(name);
      if (index >= 0) names.splice(index, 1);
      return index >= 0;
    })
  );
}

/** A stage's command texts under a config (detected from package.json when it names none). */
function resolvedCommands(root: string, config: GatesConfig, stage: ToolStage): string[] | false {
  try {
    const commands = stageCommands(root, config, stage);
    return "off" in commands ? false : commands.commands.map((c) => c.text);
  } catch {
    // No package.json to detect from: nothing ran at the base either.
    return false;
  }
}

type ConfigCheck = (path: string, base: string, working: string) => GateFinding[];
const CONFIG_CHECKS: Array<[(path: string) => boolean, ConfigCheck]> = [
  [isEslintConfig, loosenedEslint],
  [isTsconfig, loosenedTsconfig],
  [isCoverageConfig, loweredCoverage],
  [isSuppressionsFile, grownSuppressions],
];

async function fileFindings(
  ctx: GatesContext,
  file: FileChange,
  moved: string[],
): Promise<GateFinding[]> {
  const out = markerFindings(file);
  const wasTest = isTestFile(file.oldPath ?? file.path);
  if (!isPresent(file) || (file.status === "renamed" && wasTest && !isTestFile(file.path))) {
    if (wasTest && !(await movedElsewhere(ctx, file))) {
      const what = isPresent(file)
        ? `renamed to ${file.path}, which is not a test file`
        : "deleted";
      out.push(
        finding(
          "floor",
          file.oldPath ?? file.path,
          null,
          "deleted-test",
          `test file ${what}`,
          "keep the test file",
        ),
      );
    }
    return out;
  }
  const checks = CONFIG_CHECKS.filter(([applies]) => applies(file.path));
  const needsText =
    (wasTest && file.status !== "untracked" && file.status !== "added") || checks.length > 0;
  if (!needsText) return out;
  const working = await readFile(join(ctx.root, file.path), "utf8");
  if (wasTest && (file.status === "modified" || file.status === "renamed"))
    out.push(...(await removedTests(ctx, file, working, moved)));
  if (checks.length > 0) {
    const base = await showFile(ctx.root, ctx.change.mergeBase, file.oldPath ?? file.path);
    // A config file new in the change loosens nothing: there was no bar before it.
    if (base !== undefined)
      for (const [, check] of checks) out.push(...check(file.path, base, working));
  }
  return out;
}

/**
 * Stage 0: the change must not lower the bar (suppressions, skipped or removed tests, loosened
 * config) and, for a bug fix (`--regression <title>`), must add a test that mentions the bug.
 */
export const floor: Stage = async (ctx) => {
  const findings: GateFinding[] = [];
  const moved = await addedTestNames(ctx);
  for (const file of ctx.change.files) findings.push(...(await fileFindings(ctx, file, moved)));
  findings.push(...(await cheatFindings(ctx)));
  const { base, working, workingText } = ctx.configs;
  findings.push(...loosenedGates(base, working, workingText));
  const changes = commandChanges(base, working, workingText, (config, stage) =>
    resolvedCommands(ctx.root, config, stage),
  );
  if (changes.length > 0) {
    // Only a change of tools pays for running the base's commands (and loading the adapters).
    const { commandMoveFindings } = await import("./floor-commands.js");
    findings.push(...(await commandMoveFindings(ctx, changes)));
  }
  if (ctx.regression !== undefined)
    findings.push(...(await regressionFindings(ctx, ctx.regression)));
  return outcome(findings);
};
