import type { TrackerIssue } from "../../tracker/tracker.js";

/** A `## TESTS` heading (any level, any case), as gates' task-file parser reads headings. */
const TESTS_HEADING = /^\s{0,3}#{1,6}\s+TESTS\s*#*\s*$/im;

/**
 * The ticket text gates gets as its task file (`--task-file`): the description (else the
 * notes) when it has a `## TESTS` section, so that the test changes the task declares
 * (`action: modify`) and its acceptance tests reach gates and the ticket's evidence. A ticket
 * without one is not a task file: gates runs without one, as before.
 */
export function ticketTaskText(issue: Pick<TrackerIssue, "description" | "notes">): string | null {
  for (const text of [issue.description, issue.notes]) if (TESTS_HEADING.test(text)) return text;
  return null;
}

/** The task file's name: the ticket id when it is a plain file name (gates' fallback task id). */
export function taskFileName(ticket: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(ticket) ? `${ticket}.md` : "ticket.md";
}
