import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CrapFunction, CrapReport } from "@agent-verify/contract";
import { redact } from "@agent-verify/contract/redact";
import { gitTry } from "../git.js";
import type { CoverageMap, IstanbulFileCoverage } from "../tools/vitest.js";
import { functionComplexities, type FunctionInfo, type Position } from "./complexity.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";

export const CRAP_REPORT = join(".verify", "crap.json");

const before = (a: Position, b: Position) =>
  a.line < b.line || (a.line === b.line && a.column <= b.column);

/** The statements that start inside the function (joined by position, not name), with their line. */
function statementsInside(fn: FunctionInfo, entry: IstanbulFileCoverage) {
  return Object.entries(entry.statementMap)
    .filter(([, range]) => before(fn.start, range.start) && before(range.start, fn.end))
    .map(([id, range]) => ({ hit: (entry.s[id] ?? 0) > 0, line: range.start.line }));
}

/** istanbul's record of the function, at its declaration line, says it was never called. */
function neverCalled(fn: FunctionInfo, entry: IstanbulFileCoverage): boolean {
  const at = Object.entries(entry.fnMap).filter(([, f]) => f.loc.start.line === fn.start.line);
  return at.length > 0 && at.every(([id]) => (entry.f[id] ?? 0) === 0);
}

/**
 * Covered / all of the function's own statements; 0 when no test loaded the file. The
 * declaration line is not the function's own when it has others: it runs when the module
 * loads, called or not, and V8's line coverage marks it covered, which gave a function no
 * test calls 11-17 % (issue 33 §3, 37 §3). A one-line function's call count decides.
 */
export function functionCoverage(
  fn: FunctionInfo,
  entry: IstanbulFileCoverage | undefined,
): number {
  if (!entry) return 0;
  const inside = statementsInside(fn, entry);
  if (inside.length === 0) return 1;
  const body = inside.filter((s) => s.line !== fn.start.line);
  if (body.length === 0 && neverCalled(fn, entry)) return 0;
  const own = body.length > 0 ? body : inside;
  return own.filter((s) => s.hit).length / own.length;
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

/** Every source file of the repository: tracked, and untracked but not ignored (`git ls-files`). */
async function repoSources(root: string, coverage: CoverageMap): Promise<string[]> {
  const listed = await gitTry(root, [
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
  ]);
  const files = listed.ok ? listed.stdout.split("\0").filter(Boolean) : [...coverage.keys()];
  return [...new Set(files)].filter(isSourceFile).sort();
}

/**
 * The advisory full scan after a test change: every function of every source file of the
 * repository (a file no test loaded is 0 % covered), but the ones the change touched; those
 * over the threshold are listed, none fails the gate.
 */
export async function fullScan(
  root: string,
  coverage: CoverageMap,
  touched: ReadonlySet<string>,
  threshold: number,
): Promise<CrapFunction[]> {
  const over: CrapFunction[] = [];
  for (const path of await repoSources(root, coverage)) {
    const text = await readFile(join(root, path), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    for (const fn of await functionComplexities(path, text)) {
      if (touched.has(`${path}:${fn.line}:${fn.name}`)) continue;
      const score = scoreFunction(path, fn, coverage.get(path), threshold);
      if (score.over_threshold) over.push(score);
    }
  }
  return over;
}

/** `.verify/crap.json`, validated and redacted like every file gates writes. */
export async function writeCrapReport(root: string, report: CrapReport): Promise<void> {
  const { CrapReportSchema } = await import("@agent-verify/contract/crap-report");
  const json = `${JSON.stringify(CrapReportSchema.parse(report), null, 2)}\n`;
  await mkdir(join(root, ".verify"), { recursive: true });
  await writeFile(join(root, CRAP_REPORT), redact(json));
}
