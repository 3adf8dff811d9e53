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
import { functionComplexities } from "./complexity.js";
import { fullScan, isSourceFile, scoreFunction, writeCrapReport } from "./crap-report.js";
import { isTestFile } from "./floor-patterns.js";

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

function crapFinding(score: CrapFunction, threshold: number): GateFinding {
  const message = `function '${score.name}' CRAP ${score.crap.toFixed(1)} > ${threshold} (complexity ${score.complexity}, coverage ${Math.round(score.coverage_pct)}%)`;
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
  if (!run) return report(ctx, skip(NO_COVERAGE));
  const threshold = ctx.config.crap_threshold;
  const functions = touched.flatMap(({ file, functions: fns }) =>
    fns.map((fn) => scoreFunction(file.path, fn, run.coverage.get(file.path), threshold)),
  );
  const keys = new Set(functions.map((f) => `${f.file}:${f.line}:${f.name}`));
  const advisory = testsChanged ? await fullScan(ctx.root, run.coverage, keys, threshold) : [];
  const note =
    advisory.length > 0
      ? `${advisory.length} function(s) outside the change over ${threshold}, advisory (.verify/crap.json)`
      : undefined;
  const scores = { functions, fullScan: testsChanged, advisory };
  if (files.length === 0)
    return report(
      ctx,
      skip(["no changed source functions", note].filter(Boolean).join("; ")),
      scores,
    );
  const findings = functions.filter((f) => f.over_threshold).map((f) => crapFinding(f, threshold));
  return report(ctx, outcome(findings, note), scores);
};
