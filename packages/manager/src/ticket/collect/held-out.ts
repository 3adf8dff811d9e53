import type { TrackerIssue } from "../../tracker/tracker.js";

/** `HELD-OUT: /path/to/tests` on its own line of a ticket's notes or description. */
const HELD_OUT_LINE = /^\s*(?:[-*]\s+)?\**HELD[- ]OUT\**\s*:\s*`?([^`\s][^`]*?)`?\s*$/gim;

/**
 * A ticket's held-out test folders (outside the repository): gates gets each as `--held-out`
 * and runs them after the ticket's own tests pass. The tests' content never enters the ticket.
 */
export function ticketHeldOut(issue: Pick<TrackerIssue, "notes" | "description">): string[] {
  const found: string[] = [];
  for (const text of [issue.notes, issue.description])
    for (const match of text.matchAll(HELD_OUT_LINE)) if (match[1]) found.push(match[1]);
  return [...new Set(found)];
}
