import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  GatesReportSchema,
  type FailedTest,
  type GateFindingBrief,
  type GatesReport,
  type GatesSummary,
  type LintError,
  type TypecheckError,
} from "@agent-verify/contract";
import { runChild } from "../../supervise/child.js";
import { shellQuote } from "../../supervise/shell-quote.js";

export const GATES_CONFIG = ".verify/gates.yaml";
/** Gates run every suite of a repo; half an hour is a hung tool, not a slow one. */
export const GATES_TIMEOUT_MS = 30 * 60 * 1000;

export interface TestCase {
  file: string | null;
  name: string;
  status: "passed" | "failed" | "skipped";
}

/** What one gates run says, sorted into the verify log's fields. */
export interface GatesEvidence {
  summary: GatesSummary;
  testsRan: boolean;
  tests: TestCase[] | null;
  failedTests: FailedTest[];
  lintErrors: LintError[];
  typecheckErrors: TypecheckError[];
  gateFindings: GateFindingBrief[];
  setupError: string | null;
}

export interface GatesRunOptions {
  dir: string;
  command: string;
  /** The issue title of a bug ticket: gates then require a regression test. */
  regressionTitle?: string | undefined;
  /** Run only these stages (the flaky rerun asks for `tests`). */
  only?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export function hasGatesConfig(dir: string): boolean {
  return existsSync(join(dir, GATES_CONFIG));
}

function lastLines(text: string, count: number): string {
  return text.trim().split("\n").slice(-count).join(" | ");
}

function setupEvidence(message: string, exitCode: number | null): GatesEvidence {
  return {
    summary: { status: "error", exit_code: exitCode, already_verified: false, error: message },
    testsRan: false,
    tests: null,
    failedTests: [],
    lintErrors: [],
    typecheckErrors: [],
    gateFindings: [],
    setupError: `gates: ${message}`,
  };
}

/** The test name in a `test-failed` finding is everything before the last ': '. */
function failedTestName(message: string, tests: readonly TestCase[] | null): string {
  const named = tests?.filter((t) => t.status === "failed" && message.startsWith(`${t.name}: `));
  const longest = named?.sort((a, b) => b.name.length - a.name.length)[0];
  if (longest) return longest.name;
  const cut = message.lastIndexOf(": ");
  return cut > 0 ? message.slice(0, cut) : message;
}

/** Sort a gates report's findings into lint, typecheck, tests and the rest. */
export function evidenceFromReport(report: GatesReport): GatesEvidence {
  const tests = (report as { tests?: TestCase[] }).tests ?? null;
  const testsStage = report.stages.find((stage) => stage.stage === "tests");
  const evidence: GatesEvidence = {
    summary: {
      status: report.status,
      exit_code: report.exit_code,
      already_verified: report.already_verified,
      error: report.error?.message ?? null,
    },
    // A stamp hit means the same change passed every stage, the tests included.
    testsRan: report.already_verified || (testsStage !== undefined && testsStage.status !== "skip"),
    tests,
    failedTests: [],
    lintErrors: [],
    typecheckErrors: [],
    gateFindings: [],
    setupError: report.status === "error" ? `gates: ${report.error?.message ?? "error"}` : null,
  };
  for (const f of report.findings) {
    if (f.stage === "lint") {
      evidence.lintErrors.push({ file: f.file, line: f.line, rule: f.rule, message: f.message });
    } else if (f.stage === "typecheck") {
      evidence.typecheckErrors.push({
        file: f.file,
        line: f.line,
        code: f.rule,
        message: f.message,
      });
    } else if (f.stage === "tests" && (f.rule === "test-failed" || f.rule === "suite-failed")) {
      const name = f.rule === "test-failed" ? failedTestName(f.message, tests) : (f.file ?? "");
      evidence.failedTests.push({ file: f.file, name, message: f.message });
    } else {
      evidence.gateFindings.push({
        stage: f.stage,
        file: f.file,
        line: f.line,
        rule: f.rule,
        message: f.message,
      });
    }
  }
  if (report.status !== "pass" && report.status !== "error" && report.findings.length === 0) {
    evidence.gateFindings.push({
      stage: "gates",
      file: null,
      line: null,
      rule: "gates-failed",
      message: `verify-gates ended '${report.status}' without findings`,
    });
  }
  return evidence;
}

/** Run the repo's gates command with --json; exit 2 or an unreadable report is a setup problem. */
export async function runGatesCommand(options: GatesRunOptions): Promise<GatesEvidence> {
  const args = ["--json"];
  if (options.regressionTitle !== undefined) args.push("--regression", options.regressionTitle);
  if (options.only !== undefined) args.push("--only", options.only);
  const command = `${options.command} ${args.map(shellQuote).join(" ")}`;
  const child = await runChild({
    command,
    cwd: options.dir,
    env: options.env,
    timeoutMs: options.timeoutMs ?? GATES_TIMEOUT_MS,
    signal: options.signal,
  });
  if (child.spawnError !== null) return setupEvidence(`could not start: ${child.spawnError}`, null);
  if (child.timedOut) return setupEvidence(`timed out after ${child.durationMs} ms`, null);
  let parsed: GatesReport | null;
  try {
    const result = GatesReportSchema.safeParse(JSON.parse(child.stdout));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (parsed === null) {
    const why = lastLines(child.stderr, 3) || "no JSON report on stdout";
    return setupEvidence(
      `'${options.command}' exited ${child.exitCode ?? child.signal}: ${why}`,
      child.exitCode,
    );
  }
  if (parsed.exit_code !== child.exitCode) {
    return setupEvidence(
      `exit code ${child.exitCode} disagrees with the report's ${parsed.exit_code}`,
      child.exitCode,
    );
  }
  return evidenceFromReport(parsed);
}
