import { createHash } from "node:crypto";
import type {
  FailedFlow,
  FailedTest,
  Flaky,
  GateFindingBrief,
  GatesSummary,
  LintError,
  TypecheckError,
  VerifyDecision,
  VerifyLogEntry,
} from "@agent-verify/contract";

/** Everything one attempt observed, before flakiness and the budget are applied. */
export interface AttemptEvidence {
  flowsRun: string[];
  passedFlows: string[];
  /** Failures that survived the reruns. */
  failedFlows: FailedFlow[];
  /** Flows that failed, then passed on a rerun in this attempt. */
  rerunPassedFlows: string[];
  testsRan: boolean;
  failedTests: FailedTest[];
  /** Tests that failed, then passed on the gates rerun. */
  rerunPassedTests: string[];
  failedAc: string[];
  lintErrors: LintError[];
  typecheckErrors: TypecheckError[];
  gateFindings: GateFindingBrief[];
  gates: GatesSummary;
  setupError: string | null;
}

export interface DecideInput {
  ticket: string;
  attempt: number;
  timestamp: string;
  treeHash: string | null;
  type: string;
  retryBudget: number;
  /** This ticket's earlier attempts, oldest first. */
  history: readonly VerifyLogEntry[];
  evidence: AttemptEvidence;
}

/** Errors carry durations and timestamps that differ between identical failures. */
function stable(text: string | null): string {
  return (text ?? "")
    .replace(/\d+(\.\d+)?\s*ms\b/g, "N ms")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, "T")
    .replace(/\/tmp\/[^\s'"]+/g, "/tmp/…");
}

function fingerprint(parts: {
  failedFlows: readonly FailedFlow[];
  failedTests: readonly FailedTest[];
  failedAc: readonly string[];
  lintErrors: readonly LintError[];
  typecheckErrors: readonly TypecheckError[];
  gateFindings: readonly GateFindingBrief[];
  setupError: string | null;
}): string {
  const key = [
    parts.failedFlows.map((f) => [f.flow, f.outcome, f.failing_step, stable(f.error)]),
    parts.failedTests.map((t) => [t.file, t.name]),
    parts.failedAc,
    parts.lintErrors.map((e) => [e.file, e.line, e.rule]),
    parts.typecheckErrors.map((e) => [e.file, e.line, e.code]),
    parts.gateFindings.map((f) => [f.stage, f.file, f.rule]),
    stable(parts.setupError),
  ];
  return createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 12);
}

/** Counted failures since the last escalation (a human reset the ticket by removing the label). */
export function countedSinceEscalation(history: readonly VerifyLogEntry[]): number {
  let count = 0;
  for (const entry of history) {
    if (entry.decision === "escalate") count = 0;
    else if (entry.counted) count += 1;
  }
  return count;
}

function flakyAgainstPrevious(input: DecideInput): {
  flows: Flaky[];
  tests: Flaky[];
  stillFailingFlows: FailedFlow[];
  stillFailingTests: FailedTest[];
} {
  const { evidence, treeHash } = input;
  // A setup problem ran nothing worth comparing with: look at the attempt before it.
  const previous = [...input.history].reverse().find((entry) => entry.decision !== "setup");
  const sameTree = previous !== undefined && treeHash !== null && previous.tree_hash === treeHash;
  const flows: Flaky[] = evidence.rerunPassedFlows.map((name) => ({
    kind: "flow",
    name,
    reason: "rerun_passed",
  }));
  const tests: Flaky[] = evidence.rerunPassedTests.map((name) => ({
    kind: "test",
    name,
    reason: "rerun_passed",
  }));
  if (!sameTree || previous === undefined) {
    return {
      flows,
      tests,
      stillFailingFlows: evidence.failedFlows,
      stillFailingTests: evidence.failedTests,
    };
  }
  const stillFailingFlows = evidence.failedFlows.filter((f) => {
    if (!previous.passed_flows.includes(f.flow)) return true;
    flows.push({ kind: "flow", name: f.flow, reason: "passed_before" });
    return false;
  });
  const rerun = new Set(evidence.rerunPassedFlows);
  for (const name of evidence.passedFlows) {
    if (rerun.has(name)) continue;
    if (previous.failed_flows.some((f) => f.flow === name && f.outcome !== "setup_error")) {
      flows.push({ kind: "flow", name, reason: "failed_before" });
    }
  }
  const previousFailedTests = new Set(previous.failed_tests.map((t) => t.name));
  const stillFailingTests = evidence.failedTests.filter((t) => {
    if (!previous.tests_ran || previousFailedTests.has(t.name)) return true;
    tests.push({ kind: "test", name: t.name, reason: "passed_before" });
    return false;
  });
  if (evidence.testsRan) {
    const nowFailing = new Set(evidence.failedTests.map((t) => t.name));
    const rerunTests = new Set(evidence.rerunPassedTests);
    for (const name of previousFailedTests) {
      if (!nowFailing.has(name) && !rerunTests.has(name)) {
        tests.push({ kind: "test", name, reason: "failed_before" });
      }
    }
  }
  return { flows, tests, stillFailingFlows, stillFailingTests };
}

/**
 * The decision for one attempt, from its evidence and the ticket's log (contract 7):
 * pass on a clean pass; flaky failures are reported and never counted; a counted
 * failure below the budget is a retry, at the budget an escalation.
 */
export function decide(input: DecideInput): VerifyLogEntry {
  const { evidence } = input;
  const { flows, tests, stillFailingFlows, stillFailingTests } = flakyAgainstPrevious(input);
  const flaky = [...flows, ...tests];
  const real = {
    failedFlows: stillFailingFlows,
    failedTests: stillFailingTests,
    failedAc: evidence.failedAc,
    lintErrors: evidence.lintErrors,
    typecheckErrors: evidence.typecheckErrors,
    gateFindings: evidence.gateFindings,
    setupError: evidence.setupError,
  };
  const hasFailure =
    real.failedFlows.length +
      real.failedTests.length +
      real.failedAc.length +
      real.lintErrors.length +
      real.typecheckErrors.length +
      real.gateFindings.length >
    0;
  let decision: VerifyDecision;
  if (evidence.setupError !== null) decision = "setup";
  else if (hasFailure) {
    const counted = countedSinceEscalation(input.history) + 1;
    decision = counted >= input.retryBudget ? "escalate" : "retry";
  } else decision = flaky.length > 0 ? "flaky" : "pass";
  const print = fingerprint(real);
  const previous = input.history[input.history.length - 1];
  const isFailure = decision === "retry" || decision === "escalate" || decision === "setup";
  return {
    schema_version: 1,
    ticket: input.ticket,
    attempt: input.attempt,
    timestamp: input.timestamp,
    tree_hash: input.treeHash,
    type: input.type,
    pass: decision === "pass",
    decision,
    counted: decision === "retry" || decision === "escalate",
    flows_run: evidence.flowsRun,
    passed_flows: evidence.passedFlows,
    failed_flows: real.failedFlows,
    tests_ran: evidence.testsRan,
    failed_tests: real.failedTests,
    failed_ac: real.failedAc,
    lint_errors: real.lintErrors,
    typecheck_errors: real.typecheckErrors,
    gate_findings: real.gateFindings,
    gates: evidence.gates,
    flaky,
    setup_error: evidence.setupError,
    fingerprint: print,
    same_as_previous:
      isFailure &&
      previous !== undefined &&
      previous.decision !== "pass" &&
      previous.decision !== "flaky" &&
      previous.fingerprint === print,
  };
}
