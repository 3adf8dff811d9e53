import {
  isFabricated,
  type DeliverableReview,
  type VerifyDecision,
  type VerifyLogEntry,
} from "@agent-verify/contract";
import type { Evidence } from "../collect/evidence.js";
import { fingerprint, flatFailures, hasCountedFailure } from "../failures/failures.js";
import { escalatedLoop, loopFinding } from "./agent-loop.js";
import { separateFlaky } from "./flaky.js";

/** What decide() reads of an attempt's evidence. */
export type AttemptEvidence = Pick<
  Evidence,
  | "failures"
  | "flowsRun"
  | "passedFlows"
  | "rerunPassedFlows"
  | "confirmFailedFlows"
  | "testsRan"
  | "rerunPassedTests"
  | "gates"
  | "judge"
  | "deliverableReview"
  | "manualSmoke"
  | "agentLoop"
  | "declaredTestChanges"
>;

export interface DecideInput {
  ticket: string;
  attempt: number;
  timestamp: string;
  treeHash: string | null;
  type: string;
  retryBudget: number;
  /** Flips on one tree before a failure (or a pass after one) is called flaky; default 1. */
  flakyThreshold?: number | undefined;
  /** This ticket's earlier attempts, oldest first. */
  history: readonly VerifyLogEntry[];
  evidence: AttemptEvidence;
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

/** Seed 000: this many fabricated citations in one deliverable need a human reviewer, not a retry. */
export const ESCALATE_FABRICATED = 2;

/** The citations of a deliverable shown to be wrong (no such file or line, not what it names). */
export function fabricatedCitations(review: DeliverableReview | null | undefined): number {
  return review ? review.citations.filter(isFabricated).length : 0;
}

/** Setup problems (a runner that crashes, gates exit 2) at the end of the history, in a row. */
export function setupsInARow(history: readonly VerifyLogEntry[]): number {
  let count = 0;
  for (let i = history.length - 1; i >= 0 && history[i]?.decision === "setup"; i--) count += 1;
  return count;
}

/**
 * The decision for one attempt, from its evidence and the ticket's log (contract 7):
 * pass on a clean pass; flaky failures are reported and never counted; a counted
 * failure below the budget is a retry, at the budget an escalation; a setup problem is not
 * counted unless it repeats budget times in a row, which escalates. A loop the agent
 * escalated (`loop escalate`) is never verified: escalated at once, with the agent's reason. Pure.
 */
export function decide(input: DecideInput): VerifyLogEntry {
  const { evidence } = input;
  const failures = separateFlaky(evidence, input.history, input.treeHash, input.flakyThreshold);
  const loop = escalatedLoop(evidence.agentLoop, input.history, input.ticket);
  if (loop) failures.gate_findings = [...failures.gate_findings, loopFinding(loop)];
  let decision: VerifyDecision;
  if (loop) decision = "escalate";
  else if (failures.setup_error !== null) {
    // One setup problem is not counted (it may be passing); budget of them in a row is
    // escalated, so that a runner that always crashes does not loop forever.
    decision = setupsInARow(input.history) + 1 >= input.retryBudget ? "escalate" : "setup";
  } else if (hasCountedFailure(failures)) {
    const counted = countedSinceEscalation(input.history) + 1;
    // Two or more fabricated citations: the scope of the problem is a reviewer's call (seed 000).
    const fabricated = fabricatedCitations(evidence.deliverableReview) >= ESCALATE_FABRICATED;
    decision = counted >= input.retryBudget || fabricated ? "escalate" : "retry";
  } else decision = failures.flaky.length > 0 ? "flaky" : "pass";
  const print = fingerprint(failures);
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
    tests_ran: evidence.testsRan,
    gates: evidence.gates,
    ...flatFailures(failures),
    fingerprint: print,
    same_as_previous:
      isFailure &&
      previous !== undefined &&
      previous.decision !== "pass" &&
      previous.decision !== "flaky" &&
      previous.fingerprint === print,
    failures,
    ...(evidence.judge ? { judge: evidence.judge } : {}),
    // Seed 000's schema: both on every entry, null / false when they do not apply.
    deliverable_review: evidence.deliverableReview ?? null,
    manual_smoke_required: evidence.manualSmoke !== undefined,
    ...(evidence.manualSmoke ? { manual_smoke: evidence.manualSmoke } : {}),
    ...(loop ? { agent_loop: loop } : {}),
    ...(evidence.declaredTestChanges?.length
      ? { declared_test_changes: evidence.declaredTestChanges }
      : {}),
  };
}
