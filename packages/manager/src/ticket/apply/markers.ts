import type { TrackerIssue } from "../../tracker/tracker.js";

/**
 * Every comment and status change the loop makes names its attempt. The manager looks
 * for the marker before it posts, so a post is never repeated, even after a kill.
 */
export function attemptMarker(ticket: string, attempt: number): string {
  return `[verify-manager attempt ${ticket}#${attempt}]`;
}

/** The comment that ends an attempt's tracker changes is on the issue. */
export function hasMarkerComment(issue: TrackerIssue, marker: string): boolean {
  return issue.comments.some((comment) => comment.text.includes(marker));
}

/** What a status change stores (bd metadata) so that it, too, names its attempt. */
export function statusChangeMarker(ticket: string, attempt: number): string {
  return `${ticket}#${attempt}`;
}
