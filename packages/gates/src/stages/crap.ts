import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CrapFunction, GateFinding } from "@agent-verify/contract";
import {
  finding,
  outcome,
  skip,
  type GatesContext,
  type Stage,
  type StageOutcome,
} from "../context.js";
import { isPresent } from "../diff/change.js";
import { baseFunctions, functionAtBase, isChangesDebt, type Judged } from "./crap-base.js";
import { functionComplexities } from "./complexity.js";
import { fullScan, isSourceFile, scoreFunction, writeCrapReport } from "./crap-report.js";
import { isTestFile } from "../catalogue/test-files.js";

export { crapScore, functionCoverage } from "./crap-report.js";

const NO_COVERAGE = "no test command, so no coverage";

interface Scores {
  functions: CrapFunction[];
  fullScan: boolean;
  advisory: CrapFunction[];
}

/** crap.json beside gates.json, whatever the stage decided. */
async function report(
  ctx: GatesContext,
  result: StageOutcome,
  scores?: Scores,
): Promise<StageOutcome> {
  await writeCrapReport(ctx.root, {
    schema_version: 1,
    threshold: ctx.config.crap_threshold,
    merge_base: ctx.change.mergeBase,
    status: result.status === "skip" ? "skipped" : "scored",
    reason: result.status === "skip" ? (result.reason ?? null) : null,
    functions: scores?.functions ?? [],
    full_scan: scores?.fullScan ?? false,
    advisory: scores?.advisory ?? [],
  });
  return result;
}

function crapFinding({ score, base }: Judged, threshold: number): GateFinding {
  const was = base
    ? `; CRAP ${base.crap.toFixed(1)}, complexity ${base.complexity} at the base`
    : "";
  const message = `function '${score.name}' CRAP ${score.crap.toFixed(1)} > ${threshold} (complexity ${score.complexity}, coverage ${Math.round(score.coverage_pct)}%${was})`;
  return finding(
    "crap",
    score.file,
    score.line,
    "crap",
    message,
    "add tests for its uncovered branches, or split it",
  );
}

/** Stage 7: CRAP of every function the change touched, from complexity and its own coverage. */
export const crap: Stage = async (ctx) => {
  const files = ctx.change.files.filter(
    (f) => isPresent(f) && f.added.size > 0 && isSourceFile(f.path),
  );
  // A changed test file makes the (advisory) full scan worth its parse.
  const testsChanged = ctx.change.files.some((f) => isTestFile(f.path));
  if (files.length === 0 && !testsChanged) return report(ctx, skip("no changed source functions"));
  // Without a test command there is no coverage: parsing (and loading typescript) would be waste.
  if ("off" in ctx.commands("test")) return report(ctx, skip(NO_COVERAGE));
  // Parse while the tests run: the coverage is only needed for the touched functions.
  const touched = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(ctx.root, file.path), "utf8");
      const added = [...file.added.keys()];
      const [functions, base] = await Promise.all([
        functionComplexities(file.path, text),
        baseFunctions(ctx, file),
      ]);
      return {
        file,
        base,
        functions: functions.filter((fn) =>
          added.some((line) => line >= fn.start.line && line <= fn.end.line),
        ),
      };
    }),
  );
  const run = await ctx.testRun();
  if (!run) return report(ctx, skip(NO_COVERAGE));
  // No provider measured coverage: every function would read as untested.
  if (run.noCoverage !== undefined) return report(ctx, skip(run.noCoverage));
  const threshold = ctx.config.crap_threshold;
  const judged: Judged[] = touched.flatMap(({ file, base, functions: fns }) =>
    fns.map((fn) => {
      const entry = run.coverage.get(file.path);
      const was = functionAtBase(fn, file.hunks, base);
      return {
        score: scoreFunction(file.path, fn, entry, threshold),
        // Coverage at the base is not measured: the change's coverage of the function stands in,
        // so the score moves with the complexity the change added or removed.
        base:
          was && scoreFunction(file.path, { ...fn, complexity: was.complexity }, entry, threshold),
      };
    }),
  );
  const functions = judged.map((j) => j.score);
  const held = judged.filter((j) => j.score.over_threshold && !isChangesDebt(j)).length;
  const keys = new Set(functions.map((f) => `${f.file}:${f.line}:${f.name}`));
  // A related run measures the changed modules only: the rest has no coverage to score.
  const scan = testsChanged && run.scope?.scope !== "related";
  const advisory = scan ? await fullScan(ctx.root, run.coverage, keys, threshold) : [];
  const notes = [
    advisory.length > 0
      ? `${advisory.length} function(s) outside the change over ${threshold}, advisory (.verify/crap.json)`
      : undefined,
    held > 0
      ? `${held} touched function(s) over ${threshold} no worse than at the base: old debt, not the change's`
      : undefined,
  ].filter((n) => n !== undefined);
  const note = notes.length > 0 ? notes.join("; ") : undefined;
  const scores = { functions, fullScan: scan, advisory };
  if (files.length === 0)
    return report(
      ctx,
      skip(["no changed source functions", note].filter(Boolean).join("; ")),
      scores,
    );
  const findings = judged.filter(isChangesDebt).map((j) => crapFinding(j, threshold));
  return report(ctx, outcome(findings, note), scores);
};
