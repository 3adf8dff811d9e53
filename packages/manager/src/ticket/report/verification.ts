import {
  IssueVerificationSchema,
  type FlowOutcome,
  type IssueVerification,
  type VerifyLogEntry,
} from "@agent-verify/contract";
import { buildReport } from "../../run/report.js";
import type { TrackerIssue } from "../../tracker/tracker.js";

/**
 * What this run did with the attempt: decided (and applied, unless a dry run), reported on a
 * closed ticket without changing it (`report_only`), or found a human to wait for.
 */
export type VerificationMode = "attempt" | "report_only" | "waiting";

export interface VerificationParts {
  issue: TrackerIssue;
  entry: VerifyLogEntry;
  mode: VerificationMode;
  dryRun: boolean;
  comment: string | null;
  closeReason: string | null;
  /** Flow outcomes of this attempt, when it ran flows in this process (not on a resume). */
  outcomes: readonly FlowOutcome[];
  resumed: boolean;
}

/** The exit-code side of an attempt's decision. */
export function verdictOfDecision(entry: VerifyLogEntry): IssueVerification["verdict"] {
  if (entry.decision === "pass") return "passed";
  return entry.decision === "setup" ? "setup" : "failed";
}

function actionOf(parts: VerificationParts): IssueVerification["action"] {
  const { entry } = parts;
  if (parts.mode === "report_only" || parts.mode === "waiting") return "none";
  if (entry.decision === "pass") return "closed";
  if (entry.decision === "escalate") return "escalated";
  return entry.same_as_previous ? "still_failing" : "commented";
}

/** `verify-manager issue --json`: built here and nowhere else, validated before it is printed. */
export function buildVerification(parts: VerificationParts): IssueVerification {
  const { entry } = parts;
  const isWaiting = parts.mode === "waiting";
  return IssueVerificationSchema.parse({
    schema_version: 1,
    issue: parts.issue.id,
    verdict: verdictOfDecision(entry),
    action: actionOf(parts),
    dry_run: parts.dryRun,
    flows: entry.flows_run,
    comment: entry.decision === "pass" || isWaiting ? null : parts.comment,
    close_reason: parts.mode === "report_only" ? parts.issue.closeReason : parts.closeReason,
    report: parts.outcomes.length > 0 ? buildReport(parts.outcomes) : null,
    attempt: entry.attempt,
    decision: entry.decision,
    resumed: parts.resumed,
    entry,
  });
}
