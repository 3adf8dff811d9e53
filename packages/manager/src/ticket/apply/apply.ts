import type { VerifyLogEntry } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { Tracker, TrackerIssue } from "../../tracker/tracker.js";
import { writeEscalationFile } from "./escalation-file.js";
import { attemptMarker, hasMarkerComment, statusChangeMarker } from "./markers.js";
import {
  NEEDS_HUMAN_LABEL,
  closeReason,
  escalationMarkdown,
  ticketComment,
  type TicketCommentInput,
} from "../report/ticket-comment.js";

export interface ApplyInput extends TicketCommentInput {
  dir: string;
  tracker: Tracker;
  issue: TrackerIssue;
  acMet: number;
}

export interface Applied {
  comment: string;
  closeReason: string | null;
  escalationFile: string | null;
  /** Whether anything was written to the tracker by this call. */
  wrote: boolean;
}

/** The status an attempt leaves the ticket in. */
export function targetStatus(entry: VerifyLogEntry): string | null {
  if (entry.decision === "pass") return "closed";
  if (entry.decision === "retry") return "in_progress";
  if (entry.decision === "escalate") return "blocked";
  return null;
}

/** Every attempt's tracker changes end with its marker comment: present = all done. */
export function isApplied(entry: VerifyLogEntry, issue: TrackerIssue): boolean {
  return hasMarkerComment(issue, attemptMarker(entry.ticket, entry.attempt));
}

async function confirmClosed(tracker: Tracker, id: string): Promise<void> {
  const after = await tracker.show(id);
  if (after.status !== "closed") {
    throw new ManagerError(
      ManagerErrorCode.CloseNotConfirmed,
      `issue ${id} is '${after.status}' after bd close`,
      { hint: "check the tracker by hand: the ticket passed but did not close" },
    );
  }
}

/**
 * Make the tracker say what the logged attempt decided. Each change is made only when the
 * tracker does not show it yet, and the marker comment comes last, so running this again
 * after a kill at any point finishes the job without repeating a change.
 */
export async function applyDecision(input: ApplyInput): Promise<Applied> {
  const { tracker, issue, entry } = input;
  const marker = attemptMarker(entry.ticket, entry.attempt);
  const statusMarker = statusChangeMarker(entry.ticket, entry.attempt);
  const comment = ticketComment(input);
  let wrote = false;
  let reason: string | null = null;
  let escalationFile: string | null = null;
  if (entry.decision === "pass") {
    reason = closeReason(entry, input.acMet, input.secrets);
    if (issue.status !== "closed") {
      await tracker.close(issue.id, reason);
      await confirmClosed(tracker, issue.id);
      wrote = true;
    } else if (issue.closeReason !== null) reason = issue.closeReason;
  } else if (
    entry.decision === "retry" &&
    issue.status !== "in_progress" &&
    issue.statusMarker !== statusMarker
  ) {
    await tracker.update(issue.id, { status: "in_progress", marker: statusMarker });
    wrote = true;
  } else if (entry.decision === "escalate") {
    escalationFile = writeEscalationFile(
      input.dir,
      entry.ticket,
      escalationMarkdown(input, issue.title),
    );
    const needsLabel = !issue.labels.includes(NEEDS_HUMAN_LABEL);
    const needsStatus = issue.status !== "blocked";
    if ((needsLabel || needsStatus) && issue.statusMarker !== statusMarker) {
      await tracker.update(issue.id, {
        status: needsStatus ? "blocked" : undefined,
        addLabels: needsLabel ? [NEEDS_HUMAN_LABEL] : [],
        marker: statusMarker,
      });
      wrote = true;
    }
  }
  if (!hasMarkerComment(issue, marker)) {
    await tracker.comment(issue.id, comment);
    wrote = true;
  }
  return { comment, closeReason: reason, escalationFile, wrote };
}
