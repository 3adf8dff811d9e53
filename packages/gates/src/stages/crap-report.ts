import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CrapFunction, CrapReport } from "@agent-verify/contract";
import { redact } from "@agent-verify/contract/redact";
import type { CoverageMap, IstanbulFileCoverage } from "../tools/vitest.js";
import { functionComplexities, type FunctionInfo, type Position } from "./complexity.js";
import { isScriptFile, isTestFile } from "./floor-patterns.js";

export const CRAP_REPORT = join(".verify", "crap.json");

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

/** One function's score, as crap.json and the finding state it. */
export function scoreFunction(
  file: string,
  fn: FunctionInfo,
  entry: IstanbulFileCoverage | undefined,
  threshold: number,
): CrapFunction {
  const coverage = functionCoverage(fn, entry);
  const crap = crapScore(fn.complexity, coverage);
  return {
    file,
    name: fn.name,
    line: fn.line,
    complexity: fn.complexity,
    coverage_pct: Math.round(coverage * 1000) / 10,
    crap: Math.round(crap * 10) / 10,
    over_threshold: crap > threshold,
  };
}

export const isSourceFile = (path: string) =>
  isScriptFile(path) && !isTestFile(path) && !path.endsWith(".d.ts");

/**
 * The advisory full scan after a test change: every function of every covered source file,
 * but the ones the change touched; those over the threshold are listed, none fails the gate.
 */
export async function fullScan(
  root: string,
  coverage: CoverageMap,
  touched: ReadonlySet<string>,
  threshold: number,
): Promise<CrapFunction[]> {
  const over: CrapFunction[] = [];
  for (const [path, entry] of [...coverage.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!isSourceFile(path)) continue;
    const text = await readFile(join(root, path), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    for (const fn of await functionComplexities(path, text)) {
      if (touched.has(`${path}:${fn.line}:${fn.name}`)) continue;
      const score = scoreFunction(path, fn, entry, threshold);
      if (score.over_threshold) over.push(score);
    }
  }
  return over;
}

/** `.verify/crap.json`, validated and redacted like every file gates writes. */
export async function writeCrapReport(root: string, report: CrapReport): Promise<void> {
  const { CrapReportSchema } = await import("@agent-verify/contract");
  const json = `${JSON.stringify(CrapReportSchema.parse(report), null, 2)}\n`;
  await mkdir(join(root, ".verify"), { recursive: true });
  await writeFile(join(root, CRAP_REPORT), redact(json));
}
