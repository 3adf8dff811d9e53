import type { GateFinding, GatesConfig } from "@agent-verify/contract";
import { stageCommands, type ToolStage } from "../tools/detect.js";
import { cheatFindings } from "../cheats/index.js";
import { outcome, type GatesContext, type Stage } from "../context.js";
import type { DeclaredTest } from "../floor/declared.js";
import { fileFindings } from "../floor/file-findings.js";
import { judgedFiles } from "../floor/judged-files.js";
import { setupFileFindings, setupFilePaths } from "../floor/setup-files.js";
import { commitOracle, type Oracle } from "../oracle/index.js";
import { commandChanges, loosenedGates } from "../floor/floor-config.js";
import { declaredTestChanges } from "../task/task-tests.js";
import { regressionFindings } from "./regression.js";
import { addedTests } from "../floor/removed-tests.js";

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

/**
 * Stage 0: the change must not lower the bar (suppressions, skipped, removed or weakened tests,
 * loosened config, scripts or ignore lists), judged against the oracle (the tests and configs as
 * the task began), and, for a bug fix (`--regression <title>`), must add a test that mentions the
 * bug. `declared`: oracle tests the task may change (`## TESTS`, `action: modify`).
 */
export async function floorFindings(
  ctx: GatesContext,
  declared: readonly DeclaredTest[] = [],
): Promise<GateFinding[]> {
  const findings: GateFinding[] = [];
  const all = await references(ctx);
  for (const reference of all) {
    const files = await judgedFiles(ctx, reference);
    const pool = await addedTests(files);
    for (const file of files) findings.push(...(await fileFindings(file, pool, declared, files)));
    // Any edit of a setup file counts, not only a loosening: judged against the oracle alone,
    // so a setup change committed before a loop was armed is the task's.
    if (reference === all[0])
      findings.push(...setupFileFindings(files, await setupFilePaths(reference), declared));
  }
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
  return unique(findings);
}

/**
 * What the files are judged against: the oracle; and when the oracle is a loop's snapshot
 * (taken from the tree at `loop start`), the merge base too — a test skipped or weakened before
 * the loop was armed is still the change's, as a plain `verify-gates` run says.
 */
async function references(ctx: GatesContext): Promise<Oracle[]> {
  const oracle = await ctx.oracle();
  if (oracle.source.kind === "commit") return [oracle];
  return [oracle, await commitOracle(ctx.root, "merge base", ctx.change.mergeBase)];
}

const unique = (findings: GateFinding[]) => {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = JSON.stringify([f.file, f.line, f.rule, f.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The floor of a run: the task's `## TESTS` declared changes are the task's own edits. */
export const floor: Stage = async (ctx) =>
  outcome(await floorFindings(ctx, declaredTestChanges(ctx.task)));
