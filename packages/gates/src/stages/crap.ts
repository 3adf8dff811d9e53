import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, skip, type Stage } from "../context.js";
import { isPresent } from "../diff/change.js";
import type { IstanbulFileCoverage } from "../tools/vitest.js";
import { functionComplexities, type FunctionInfo, type Position } from "./complexity.js";
import { isScriptFile, isTestFile } from "./floor-patterns.js";

const NO_COVERAGE = "no test command, so no coverage";

const before = (a: Position, b: Position) =>
  a.line < b.line || (a.line === b.line && a.column <= b.column);

/** Covered statements / statements whose start lies inside the function (joined by position, not name). */
export function functionCoverage(
  fn: FunctionInfo,
  entry: IstanbulFileCoverage | undefined,
): number {
  if (!entry) return 0;
  let total = 0;
  let covered = 0;
  for (const [id, range] of Object.entries(entry.statementMap)) {
    if (!before(fn.start, range.start) || !before(range.start, fn.end)) continue;
    total += 1;
    if ((entry.s[id] ?? 0) > 0) covered += 1;
  }
  return total === 0 ? 1 : covered / total;
}

export const crapScore = (complexity: number, coverage: number) =>
  complexity ** 2 * (1 - coverage) ** 3 + complexity;

/** Stage 7: CRAP of every function the change touched, from complexity and its own coverage. */
export const crap: Stage = async (ctx) => {
  const files = ctx.change.files.filter(
    (f) =>
      isPresent(f) &&
      f.added.size > 0 &&
      isScriptFile(f.path) &&
      !isTestFile(f.path) &&
      !f.path.endsWith(".d.ts"),
  );
  if (files.length === 0) return skip("no changed source functions");
  // Without a test command there is no coverage: parsing (and loading typescript) would be waste.
  if ("off" in ctx.commands("test")) return skip(NO_COVERAGE);
  // Parse while the tests run: the coverage is only needed for the touched functions.
  const touched = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(ctx.root, file.path), "utf8");
      const added = [...file.added.keys()];
      const functions = await functionComplexities(file.path, text);
      return {
        file,
        functions: functions.filter((fn) =>
          added.some((line) => line >= fn.start.line && line <= fn.end.line),
        ),
      };
    }),
  );
  const run = await ctx.testRun();
  if (!run) return skip(NO_COVERAGE);
  const threshold = ctx.config.crap_threshold;
  const findings: GateFinding[] = [];
  for (const { file, functions } of touched) {
    for (const fn of functions) {
      const coverage = functionCoverage(fn, run.coverage.get(file.path));
      const score = crapScore(fn.complexity, coverage);
      if (score <= threshold) continue;
      const pct = Math.round(coverage * 100);
      const message = `function '${fn.name}' CRAP ${score.toFixed(1)} > ${threshold} (complexity ${fn.complexity}, coverage ${pct}%)`;
      findings.push(
        finding(
          "crap",
          file.path,
          fn.line,
          "crap",
          message,
          "add tests for its uncovered branches, or split it",
        ),
      );
    }
  }
  return outcome(findings);
};
