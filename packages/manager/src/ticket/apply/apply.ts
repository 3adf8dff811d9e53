import type { VerifyLogEntry } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { Tracker, TrackerIssue } from "../../tracker/tracker.js";
import { NEEDS_HUMAN_LABEL, type AttemptTexts } from "../report/ticket-comment.js";
import { writeEscalationFile } from "./escalation-file.js";
import { hasOwnAttemptComment } from "../trust/own-comment.js";
import { statusChangeMarker } from "./markers.js";

export interface ApplyInput {
  dir: string;
  tracker: Tracker;
  issue: TrackerIssue;
  entry: VerifyLogEntry;
  texts: AttemptTexts;
  /** The signing key: only a comment carrying its MAC counts as this manager's own. */
  key: Buffer;
}

export interface Applied {
  /** The reason the ticket is closed with (the tracker's own when it already was). */
  closeReason: string | null;
  escalationFile: string | null;
  /** Whether anything was written to the tracker by this call. */
  wrote: boolean;
}

/**
 * Every attempt's tracker changes end with its marker comment: present = all done. Only the
 * manager's own comment for this very entry counts; someone else's marker changes nothing.
 */
export function isApplied(entry: VerifyLogEntry, issue: TrackerIssue, key: Buffer): boolean {
  return hasOwnAttemptComment(key, entry, issue);
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

/** The status change of an attempt, made only when the tracker shows neither it nor its marker. */
async function applyStatus(
  input: ApplyInput,
): Promise<Omit<Applied, "wrote"> & { wrote: boolean }> {
  const { tracker, issue, entry, texts } = input;
  const statusMarker = statusChangeMarker(entry.ticket, entry.attempt);
  if (entry.decision === "pass") {
    if (issue.status === "closed") {
      return {
        closeReason: issue.closeReason ?? texts.closeReason,
        escalationFile: null,
        wrote: false,
      };
    }
    await tracker.close(issue.id, texts.closeReason ?? "");
    await confirmClosed(tracker, issue.id);
    return { closeReason: texts.closeReason, escalationFile: null, wrote: true };
  }
  if (entry.decision === "retry") {
    // The tracker's state decides, never the metadata marker: anyone can write metadata.
    const isDone = issue.status === "in_progress";
    if (!isDone) await tracker.update(issue.id, { status: "in_progress", marker: statusMarker });
    return { closeReason: null, escalationFile: null, wrote: !isDone };
  }
  if (entry.decision === "escalate") {
    const escalationFile = writeEscalationFile(input.dir, entry.ticket, texts.escalation ?? "");
    const needsLabel = !issue.labels.includes(NEEDS_HUMAN_LABEL);
    const needsStatus = issue.status !== "blocked";
    const isDone = !needsLabel && !needsStatus;
    if (!isDone) {
      await tracker.update(issue.id, {
        status: needsStatus ? "blocked" : undefined,
        addLabels: needsLabel ? [NEEDS_HUMAN_LABEL] : [],
        marker: statusMarker,
      });
    }
    return { closeReason: null, escalationFile, wrote: !isDone };
  }
  return { closeReason: null, escalationFile: null, wrote: false };
}

/**
 * Make the tracker say what the logged attempt decided. Each change is made only when the
 * tracker does not show it yet, and the marker comment comes last, so running this again
 * after a kill at any point finishes the job without repeating a change.
 */
export async function applyDecision(input: ApplyInput): Promise<Applied> {
  const status = await applyStatus(input);
  if (isApplied(input.entry, input.issue, input.key)) return status;
  await input.tracker.comment(input.issue.id, input.texts.comment);
  return { ...status, wrote: true };
}
