import type {
  AgentLoopBrief,
  AggregatedVerdict,
  DeclaredTestChange,
  Failures,
  FailedTest,
  GateFinding,
  GateFindingBrief,
  GatesReport,
  GatesSummary,
  GatesUnchecked,
  GateTestCase,
} from "@agent-verify/contract";

/** What one gates run says, sorted into the record's kinds. */
export interface GatesRead {
  summary: GatesSummary;
  testsRan: boolean;
  tests: GateTestCase[] | null;
  /** The judge's verdict on the acceptance criteria, when one answered. */
  judge: AggregatedVerdict | null;
  /** The files of the change gates verified; null when gates produced no report. */
  changedFiles: string[] | null;
  /** The base ref the change was taken against; null when gates produced no report. */
  base: string | null;
  /** The repository's latest agent loop (null when gates reported none). */
  agentLoop: AgentLoopBrief | null;
  /** The task's declared oracle test changes (`## TESTS`, `action: modify`). */
  declaredTestChanges: DeclaredTestChange[];
  /** What nothing could check, when gates passed only for that (never gates evidence). */
  unchecked: GatesUnchecked | null;
  failures: Pick<
    Failures,
    "failed_tests" | "lint_errors" | "typecheck_errors" | "gate_findings" | "setup_error"
  >;
}

export function gatesSetupProblem(message: string, exitCode: number | null): GatesRead {
  return {
    summary: { status: "error", exit_code: exitCode, already_verified: false, error: message },
    testsRan: false,
    tests: null,
    judge: null,
    changedFiles: null,
    base: null,
    agentLoop: null,
    declaredTestChanges: [],
    unchecked: null,
    failures: {
      failed_tests: [],
      lint_errors: [],
      typecheck_errors: [],
      gate_findings: [],
      setup_error: `gates: ${message}`,
    },
  };
}

/**
 * Failed tests, named by the report's test list: the `test-failed` findings of a file come in
 * the order of that file's failed cases (both follow vitest's assertion results).
 */
function failedTests(findings: readonly GateFinding[], tests: readonly GateTestCase[] | null) {
  const failedByFile = new Map<string | null, GateTestCase[]>();
  for (const test of tests ?? []) {
    if (test.status !== "failed") continue;
    failedByFile.set(test.file, [...(failedByFile.get(test.file) ?? []), test]);
  }
  const out: FailedTest[] = [];
  for (const f of findings) {
    if (f.stage !== "tests") continue;
    if (f.rule === "suite-failed")
      out.push({ file: f.file, name: f.file ?? "", message: f.message });
    if (f.rule !== "test-failed") continue;
    // Without a test list (an older gates) the message is all there is to name the test by.
    const test = failedByFile.get(f.file)?.shift();
    out.push({ file: f.file, name: test?.name ?? f.message, message: f.message });
  }
  return out;
}

const isTestFailure = (f: GateFinding) =>
  f.stage === "tests" && (f.rule === "test-failed" || f.rule === "suite-failed");

/** Sort a gates report's findings into lint, typecheck, tests and the rest. */
export function readGatesReport(report: GatesReport): GatesRead {
  const tests = report.tests ?? null;
  const testsStage = report.stages.find((stage) => stage.stage === "tests");
  const pick = (stage: string) => report.findings.filter((f) => f.stage === stage);
  const gateFindings: GateFindingBrief[] = report.findings
    .filter((f) => f.stage !== "lint" && f.stage !== "typecheck" && !isTestFailure(f))
    .map((f) => ({ stage: f.stage, file: f.file, line: f.line, rule: f.rule, message: f.message }));
  if (report.status !== "pass" && report.status !== "error" && report.findings.length === 0) {
    gateFindings.push({
      stage: "gates",
      file: null,
      line: null,
      rule: "gates-failed",
      message: `verify-gates ended '${report.status}' without findings`,
    });
  }
  return {
    summary: {
      status: report.status,
      exit_code: report.exit_code,
      already_verified: report.already_verified,
      error: report.error?.message ?? null,
      ...(report.unchecked ? { unchecked: true } : {}),
    },
    // A stamp hit means the same change passed every stage, the tests included.
    testsRan: report.already_verified || (testsStage !== undefined && testsStage.status !== "skip"),
    tests,
    judge: report.judge ?? null,
    changedFiles: report.changed_files.map((f) => f.path),
    base: report.base.ref,
    agentLoop: report.agent_loop ?? null,
    declaredTestChanges: report.oracle?.declared_changes ?? [],
    unchecked: report.unchecked ?? null,
    failures: {
      failed_tests: failedTests(report.findings, tests),
      lint_errors: pick("lint").map((f) => ({
        file: f.file,
        line: f.line,
        rule: f.rule,
        message: f.message,
      })),
      typecheck_errors: pick("typecheck").map((f) => ({
        file: f.file,
        line: f.line,
        code: f.rule,
        message: f.message,
      })),
      gate_findings: gateFindings,
      setup_error: report.status === "error" ? `gates: ${report.error?.message ?? "error"}` : null,
    },
  };
}
