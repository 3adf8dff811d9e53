import type { VerifyLogEntry } from "@agent-verify/contract";
import type { TrackerIssue } from "../../tracker/tracker.js";
import { attemptMarker } from "../apply/markers.js";
import { parseCommentReport } from "../report/comment.js";
import { isMac, macOf } from "./sign.js";

function payload(entry: VerifyLogEntry): string {
  return JSON.stringify([entry.ticket, entry.attempt, entry.decision, entry.fingerprint]);
}

/** The MAC an attempt's comment carries in its JSON block: only this user's key makes it. */
export function commentMac(key: Buffer, entry: VerifyLogEntry): string {
  return macOf(key, "comment", payload(entry));
}

/**
 * Whether a comment is this manager's own record of the (proven) logged attempt: its
 * last line is the attempt's marker, and its JSON block names the same ticket, attempt,
 * decision and fingerprint under a MAC made with this user's key. A pass posts no JSON
 * block; its comment counts when it is exactly two lines, headline and marker — a forged
 * one can only make the manager verify the ticket again, never close it.
 */
export function isOwnAttemptComment(key: Buffer, entry: VerifyLogEntry, text: string): boolean {
  const marker = attemptMarker(entry.ticket, entry.attempt);
  const lines = text.trimEnd().split("\n");
  if (lines.at(-1) !== marker) return false;
  if (entry.decision === "pass") {
    return (
      lines.length === 2 &&
      lines[0]?.startsWith(`verify-manager: verified at attempt ${entry.attempt}: `) === true
    );
  }
  const report = parseCommentReport(text);
  const attempt = report?.attempt;
  return (
    report !== null &&
    attempt !== undefined &&
    attempt.ticket === entry.ticket &&
    attempt.attempt === entry.attempt &&
    attempt.decision === entry.decision &&
    report.fingerprint === entry.fingerprint &&
    typeof report.mac === "string" &&
    isMac(key, "comment", payload(entry), report.mac)
  );
}

/** The issue carries this manager's own comment for the attempt. */
export function hasOwnAttemptComment(
  key: Buffer,
  entry: VerifyLogEntry,
  issue: TrackerIssue,
): boolean {
  return issue.comments.some((comment) => isOwnAttemptComment(key, entry, comment.text));
}
