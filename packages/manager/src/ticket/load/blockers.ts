import type { TrackerIssue } from "../../tracker/tracker.js";

/** Why a batch leaves an open ticket alone: the open issues it waits on; null when none. */
export function blockedReason(issue: TrackerIssue): string | null {
  const open = issue.openBlockers ?? [];
  if (open.length === 0 || issue.status === "closed") return null;
  const one = open.length === 1;
  return `blocked by open ${one ? "dependency" : "dependencies"} ${open.join(", ")}: verify it once ${one ? "that is" : "they are"} closed`;
}
