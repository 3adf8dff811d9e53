import type { FlowOutcome, IssueCommentKind, VerifyLogEntry } from "@agent-verify/contract";
import { redact } from "../../redact.js";
import { attemptMarker } from "../apply/markers.js";
import { ESCALATE_FABRICATED, fabricatedCitations, setupsInARow } from "../decide/decide.js";
import { failuresOf } from "../failures/failures.js";
import { renderComment, type CommentInput } from "./comment.js";
import { agentLoopLines, declaredTestLines } from "./declared-lines.js";
import { deliverableLines, smokeLines } from "./deliverable-lines.js";
import { judgeLines } from "./judge-lines.js";
import { failureSummary, passEvidence } from "./summary.js";
import { whatFailedLines } from "./what-failed.js";

export const NEEDS_HUMAN_LABEL = "needs-human";

export interface TicketCommentInput {
  entry: VerifyLogEntry;
  /** Earlier attempts of the ticket, oldest first (the escalation comment lists them all). */
  history: readonly VerifyLogEntry[];
  retryBudget: number;
  countedFailures: number;
  /** Flow outcomes of this attempt, when it ran flows in this process (not on a resume). */
  outcomes: readonly FlowOutcome[];
  unknownFlows: readonly string[];
  secrets: readonly string[];
  /** The attempt's MAC, so that the comment can be told from one someone else posted. */
  mac?: string | undefined;
  /** The repository: the comment names its files relative to it. */
  root?: string | undefined;
}

function previousAttempt(input: TicketCommentInput): number | null {
  return input.history[input.history.length - 1]?.attempt ?? null;
}

/** "attempt 2 of 3 failed", or, when flaky or setup attempts came between, what the count means. */
function failedAttempt(input: TicketCommentInput): string {
  const n = input.entry.attempt;
  const { countedFailures, retryBudget } = input;
  return n === countedFailures
    ? `attempt ${n} of ${retryBudget} failed`
    : `attempt ${n} failed, failure ${countedFailures} of the ${retryBudget} allowed (flaky and setup attempts do not count)`;
}

function headline(input: TicketCommentInput): string {
  const { entry } = input;
  const n = entry.attempt;
  const summary = failureSummary(entry);
  const same =
    entry.same_as_previous && previousAttempt(input) !== null
      ? ` — the same failure as attempt ${previousAttempt(input)}`
      : "";
  switch (entry.decision) {
    case "retry":
      // The "What failed:" lines below name each failure; the headline does not say it twice.
      return whatFailedLines(input.outcomes, failuresOf(entry)).length > 0
        ? `verify-manager: ${failedAttempt(input)}${same}. Set back to in_progress.`
        : `verify-manager: ${failedAttempt(input)}${same}: ${summary}. Set back to in_progress.`;
    case "escalate":
      if (entry.agent_loop) {
        return `verify-manager: attempt ${n} is not verified: escalated by the agent (needs_human): ${entry.agent_loop.reason ?? "no reason given"}; sent to a human (label ${NEEDS_HUMAN_LABEL}, status blocked)`;
      }
      if (entry.setup_error !== null) {
        const times = setupsInARow(input.history) + 1;
        return `verify-manager: attempt ${n} could not verify the ticket, ${times} ${times === 1 ? "time" : "times"} in a row (setup problem, not a product failure: ${entry.setup_error}); repeated setup problems count against the retry budget of ${input.retryBudget}: escalated to a human (label ${NEEDS_HUMAN_LABEL}, status blocked)`;
      }
      if (isReviewerEscalation(input)) {
        const count = fabricatedCitations(entry.deliverable_review);
        return `verify-manager: attempt ${n} failed: ${count} fabricated citations in ${entry.deliverable_review?.file ?? "the deliverable"} (${ESCALATE_FABRICATED} or more need a human reviewer to judge how far the problem goes, not another retry); escalated to a human reviewer (label ${NEEDS_HUMAN_LABEL}, status blocked): ${summary}`;
      }
      return `verify-manager: ${failedAttempt(input)}${same}; escalated to a human (label ${NEEDS_HUMAN_LABEL}, status blocked): ${summary}`;
    case "flaky": {
      const lucky = entry.flaky.filter((f) => f.reason === "confirm_failed").map((f) => f.name);
      const confirm =
        lucky.length > 0
          ? ` A first pass is confirmed by running every flow again before a close (tickets.confirm_runs): ${lucky.join(", ")} passed, then failed that run, so the pass was luck, not a close.`
          : "";
      return `verify-manager: attempt ${n} is flaky, not counted: ${summary}.${confirm} The ticket needs one clean pass to close.`;
    }
    case "setup":
      return `verify-manager: setup problem, not a product failure: ${entry.setup_error ?? summary} (attempt ${n}, not counted)`;
    case "pass":
      return `verify-manager: verified at attempt ${n}: ${passEvidence(entry, 0)}`;
  }
}

/** Escalated below the budget: the deliverable's fabricated citations sent it to a reviewer. */
function isReviewerEscalation(input: TicketCommentInput): boolean {
  return (
    input.entry.decision === "escalate" &&
    input.entry.setup_error === null &&
    fabricatedCitations(input.entry.deliverable_review) >= ESCALATE_FABRICATED
  );
}

function historyLines(input: TicketCommentInput): string[] {
  const all = [...input.history, input.entry];
  return [
    "Attempts:",
    ...all.map(
      (e) => `- attempt ${e.attempt} (${e.timestamp}): ${e.decision} — ${failureSummary(e)}`,
    ),
  ];
}

function kindOf(input: TicketCommentInput): IssueCommentKind {
  if (input.entry.decision === "setup") {
    return input.unknownFlows.length > 0 ? "unknown_flows" : "setup";
  }
  if (input.entry.decision === "escalate") return "escalation";
  if (input.entry.decision === "flaky") return "flaky";
  return "failure";
}

function commentInput(input: TicketCommentInput): CommentInput {
  const { entry } = input;
  const isEscalation = entry.decision === "escalate";
  return {
    kind: kindOf(input),
    headline: headline(input),
    body: [
      ...agentLoopLines(entry),
      ...declaredTestLines(entry),
      ...deliverableLines(entry),
      ...judgeLines(entry),
      ...smokeLines(entry),
      ...(isEscalation ? historyLines(input) : []),
    ],
    fingerprint: entry.fingerprint,
    marker: attemptMarker(entry.ticket, entry.attempt),
    mac: input.mac,
    attempt: {
      ticket: entry.ticket,
      attempt: entry.attempt,
      retry_budget: input.retryBudget,
      counted_failures: input.countedFailures,
      decision: entry.decision,
      same_as_previous: entry.same_as_previous,
    },
    failures: failuresOf(entry),
    ...(isEscalation
      ? {
          history: [...input.history, entry].map((e) => ({
            attempt: e.attempt,
            timestamp: e.timestamp,
            decision: e.decision,
            fingerprint: e.fingerprint,
            summary: failureSummary(e),
          })),
        }
      : {}),
    outcomes: input.outcomes,
    unknownFlows: input.unknownFlows,
    secrets: input.secrets,
    root: input.root,
  };
}

/** What an attempt posts: the comment, the close reason of a pass, the escalation file. */
export interface AttemptTexts {
  comment: string;
  closeReason: string | null;
  escalation: string | null;
}

/** Every text an attempt leaves on the tracker or in `.verify/`, redacted. */
export function attemptTexts(
  input: TicketCommentInput,
  title: string,
  acMet: number,
): AttemptTexts {
  const { entry } = input;
  return {
    comment: ticketComment(input),
    closeReason: entry.decision === "pass" ? closeReason(entry, acMet, input.secrets) : null,
    escalation: entry.decision === "escalate" ? escalationMarkdown(input, title) : null,
  };
}

/** The comment that records an attempt on the ticket; its last line is the attempt marker. */
export function ticketComment(input: TicketCommentInput): string {
  if (input.entry.decision === "pass") {
    const declared = declaredTestLines(input.entry)
      .map((line) => `${line}\n`)
      .join("");
    const text = `${headline(input)}\n${declared}${attemptMarker(input.entry.ticket, input.entry.attempt)}\n`;
    return redact(text, input.secrets);
  }
  return renderComment(commentInput(input));
}

/** The close reason of a passing attempt: the evidence, then the marker. */
export function closeReason(
  entry: VerifyLogEntry,
  acMet: number,
  secrets: readonly string[],
): string {
  return redact(
    `verified: ${passEvidence(entry, acMet)} ${attemptMarker(entry.ticket, entry.attempt)}`,
    secrets,
  );
}

/** `.verify/escalations/<id>.md`: what a human needs to pick the ticket up. */
export function escalationMarkdown(input: TicketCommentInput, title: string): string {
  const { entry } = input;
  const lines = [
    `# Escalated: ${entry.ticket} — ${title}`,
    "",
    entry.agent_loop
      ? `verify-manager did not verify it: the agent loop ended needs_human (\`loop escalate\`). ${agentLoopLines(entry).join(" ")}`
      : isReviewerEscalation(input)
        ? `verify-manager sent it to a human reviewer: the deliverable has ${fabricatedCitations(entry.deliverable_review)} fabricated citations (seed 000: ${ESCALATE_FABRICATED} or more are a reviewer's call, not another retry).`
        : `verify-manager gave up after ${input.countedFailures} counted failures (retry budget ${input.retryBudget}).`,
    `The ticket is labelled \`${NEEDS_HUMAN_LABEL}\` and set to blocked. Remove the label to give it a new budget.`,
    "",
    "## Attempts",
    "",
    "| attempt | when | decision | tree | what failed |",
    "|---|---|---|---|---|",
    ...[...input.history, entry].map(
      (e) =>
        `| ${e.attempt} | ${e.timestamp} | ${e.decision} | ${(e.tree_hash ?? "-").slice(0, 12)} | ${failureSummary(e).replaceAll("|", "\\|")} |`,
    ),
    "",
    "## Last attempt",
    "",
    "```json",
    JSON.stringify(entry, null, 2),
    "```",
    "",
  ];
  return redact(lines.join("\n"), input.secrets);
}
