import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GatesReport } from "@agent-verify/contract";
import type { FileCoverageData } from "istanbul-lib-coverage";
import { GatesError, GatesErrorCode } from "../errors.js";
import type { TestScope } from "./scope.js";
import type { ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { repoPath, stripAnsi, toolFailed, type RawFinding } from "./run-tool.js";
import { atLeast, requireVersion, type ToolVersion } from "./tool-version.js";

/** One test case of the report (the contract's index does not re-export the schema's own type). */
export type GateTestCase = NonNullable<GatesReport["tests"]>[number];

/** One file of coverage-final.json. */
export type IstanbulFileCoverage = FileCoverageData;
/** coverage-final.json, keyed by repository-relative path. */
export type CoverageMap = Map<string, IstanbulFileCoverage>;

export interface TestRun {
  findings: RawFinding[];
  totalTests: number;
  coverage: CoverageMap;
  /** Every test case the runners reported; undefined when no runner gates reads ran. */
  tests: GateTestCase[] | undefined;
  /** Which tests ran: the whole suite or the related ones (absent: the whole suite). */
  scope?: TestScope;
  /**
   * The cases of `tests` a type-test pool reported (vitest's typecheck): read by the type
   * checker, never run, so no assertion of theirs ever failed.
   */
  typeTests?: ReadonlySet<GateTestCase>;
  /** What the run could not check, said in the stage's note (a canary no runtime run judged). */
  notes?: string[];
  /** Why the run measured no coverage (no provider installed): CRAP is skipped for it. */
  noCoverage?: string;
}

export type CoverageProvider = "istanbul" | "v8";

/**
 * The coverage provider the repository has installed: istanbul when it has both, as before;
 * undefined when it has neither (its tests then run without coverage, as its own scripts run them).
 */
export function coverageProvider(root: string): CoverageProvider | undefined {
  const installed = (name: string) =>
    existsSync(join(root, "node_modules", "@vitest", `coverage-${name}`, "package.json"));
  if (installed("istanbul")) return "istanbul";
  return installed("v8") ? "v8" : undefined;
}

/** Why a vitest run measured no coverage: the repository has no provider installed. */
export const NO_COVERAGE_PROVIDER =
  "no coverage provider installed (@vitest/coverage-v8 or @vitest/coverage-istanbul): the tests ran without coverage";

/**
 * Gates' flags for a vitest run, for the installed version (unknown: the newest). Vitest 0.34
 * to 4 take each of them except `--includeTaskLocation` (3.0 on; 0.34 to 2 stop at "Unknown
 * option"): without it a failed test's line comes from its stack (`failureLine`). `--bail=0`:
 * a configured `bail` would stop at the first failing test, and gates' canaries always fail
 * (the rest of the suite would be reported unrun).
 */
export function vitestArgs(
  outDir: string,
  /** undefined: no coverage (the repository has no provider installed). */
  provider: CoverageProvider | undefined,
  version?: ToolVersion,
): string[] {
  if (version) requireVersion("tests", version, 0, 34);
  const location = version === undefined || atLeast(version, 3) ? ["--includeTaskLocation"] : [];
  return [
    "--reporter=json",
    "--bail=0",
    `--outputFile=${join(outDir, "vitest.json")}`,
    ...location,
    ...(provider === undefined
      ? ["--coverage.enabled=false"]
      : [
          "--coverage.enabled",
          `--coverage.provider=${provider}`,
          "--coverage.reporter=json",
          "--coverage.reportOnFailure",
          `--coverage.reportsDirectory=${join(outDir, "coverage")}`,
        ]),
  ];
}

interface JsonReport {
  numTotalTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{
      ancestorTitles?: string[];
      fullName: string;
      status: string;
      duration?: number;
      meta?: { typecheck?: boolean } | null;
      failureMessages?: string[];
      location?: { line: number; column: number } | null;
    }>;
  }>;
}

/** The line of `file` where a failure's stack first passes through it (its assertion). */
function failureLine(file: string, message: string | undefined): number | null {
  for (const line of stripAnsi(message ?? "").split("\n")) {
    const at = line.lastIndexOf(`${file}:`);
    if (at < 0 || !/^\s*at /.test(line)) continue;
    const number = /^(\d+):\d+/.exec(line.slice(at + file.length + 1));
    if (number) return Number(number[1]);
  }
  return null;
}

/** A report's message, read as plain text: a run in color writes escape codes into it too. */
const firstLine = (text: string | undefined) =>
  stripAnsi(text ?? "")
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim() ?? "";

function failedTests(report: JsonReport, dir: string): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const file of report.testResults) {
    const path = repoPath(dir, file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) {
      const reason = firstLine(test.failureMessages?.[0]);
      findings.push({
        file: path,
        line: test.location?.line ?? failureLine(file.name, test.failureMessages?.[0]),
        rule: "test-failed",
        message: `${testName(test)}: ${reason}`,
      });
    }
    if (file.status === "failed" && failed.length === 0) {
      findings.push({
        file: path,
        line: null,
        rule: "suite-failed",
        message: firstLine(file.message) || "test file failed",
      });
    }
  }
  return findings;
}

// vitest also reports "pending", "todo" and "disabled": none of them ran.
const TEST_STATUS: Record<string, GateTestCase["status"]> = { passed: "passed", failed: "failed" };

type AssertionResult = JsonReport["testResults"][number]["assertionResults"][number];

/**
 * A test's name as the runner reports it (a title may start or end with a space: the oracle's
 * text has it so), less the blank title of the file's own suite vitest 0.34 starts it with.
 */
const testName = (test: AssertionResult) =>
  test.ancestorTitles?.[0] === "" ? test.fullName.replace(/^ /, "") : test.fullName;

/**
 * A case vitest's typecheck pool reported: `meta.typecheck` (vitest 2 on); before, the one
 * sign is its suite chain, which starts at the file's own path and has no duration.
 */
function isTypeTest(test: AssertionResult, file: string): boolean {
  if (test.meta) return test.meta.typecheck === true;
  const first = test.ancestorTitles?.[0];
  return (
    test.duration === undefined && first !== undefined && first !== "" && file.endsWith(`/${first}`)
  );
}

function testCases(
  report: JsonReport,
  dir: string,
  tool: ReportFiles["tool"],
): { tests: GateTestCase[]; typeTests: Set<GateTestCase> } {
  const typeTests = new Set<GateTestCase>();
  const tests = report.testResults.flatMap((file) => {
    const path = repoPath(dir, file.name);
    return file.assertionResults.map((test) => {
      const one: GateTestCase = {
        file: path,
        name: testName(test),
        status: TEST_STATUS[test.status] ?? "skipped",
      };
      if (tool === "vitest" && isTypeTest(test, file.name)) typeTests.add(one);
      return one;
    });
  });
  return { tests, typeTests };
}

/** A run's report: vitest's JSON reporter and jest's --json write the same shape. */
export interface ReportFiles {
  tool: "vitest" | "jest";
  report: string;
  /** The run was asked for no coverage, and why: none is read. */
  noCoverage?: string;
}

const COVERAGE_HINT: Record<ReportFiles["tool"], string> = {
  vitest: "install @vitest/coverage-istanbul (or @vitest/coverage-v8) matching your vitest version",
  jest: "make jest's coverage work (jest --coverage) in this repository",
};

function readCoverage(outDir: string, dir: string, files: ReportFiles): CoverageMap {
  const tool = files.tool;
  const file = join(outDir, "coverage", "coverage-final.json");
  if (files.noCoverage !== undefined) return new Map();
  if (!existsSync(file)) {
    throw new GatesError(
      GatesErrorCode.NoCoverage,
      "tests: coverage was not produced (no coverage-final.json)",
      { hint: COVERAGE_HINT[tool] },
    );
  }
  const raw = JSON.parse(readFileSync(file, "utf8")) as Record<string, IstanbulFileCoverage>;
  return new Map(Object.values(raw).map((entry) => [repoPath(dir, entry.path), entry]));
}

/** vitest and jest exit 1 for failing tests and for a broken setup alike: the JSON report and coverage decide. */
export function readTestRun(
  command: ToolCommand,
  result: ExecResult,
  outDir: string,
  dir: string,
  files: ReportFiles = { tool: "vitest", report: "vitest.json" },
): TestRun {
  const reportFile = join(outDir, files.report);
  if (!existsSync(reportFile))
    throw toolFailed("tests", command, result, "produced no JSON report");
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8")) as JsonReport;
  } catch {
    throw toolFailed("tests", command, result, "wrote a JSON report that does not parse");
  }
  if (!Array.isArray(report?.testResults))
    throw toolFailed("tests", command, result, "wrote a JSON report without testResults");
  const findings = failedTests(report, dir);
  if (report.numTotalTests === 0 && findings.length === 0) {
    throw new GatesError(GatesErrorCode.NoTests, `tests: '${command.text}' found no tests`, {
      hint: "add tests, or set commands.test in .verify/gates.yaml",
    });
  }
  if (result.exitCode !== 0 && findings.length === 0) {
    const why = firstLine(
      result.stderr
        .split("\n")
        .filter((line) => /error|threshold/i.test(line))
        .join("\n"),
    );
    findings.push({
      file: null,
      line: null,
      rule: `${files.tool}-exit`,
      message: `${files.tool} exited ${result.exitCode}: ${why || "no failing test reported"}`,
    });
  }
  const { tests, typeTests } = testCases(report, dir, files.tool);
  return {
    findings,
    totalTests: report.numTotalTests,
    coverage: readCoverage(outDir, dir, files),
    tests,
    ...(typeTests.size > 0 ? { typeTests } : {}),
    ...(files.noCoverage !== undefined ? { noCoverage: files.noCoverage } : {}),
  };
}
