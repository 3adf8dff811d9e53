import type { VerifyLogEntry } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { Tracker, TrackerIssue } from "../../tracker/tracker.js";
import { isApplied } from "../apply/apply.js";
import { showNamed } from "../batch/select-ids.js";
import { NEEDS_HUMAN_LABEL } from "../report/ticket-comment.js";
import { readHistory } from "./history.js";

const ISSUE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface LoadOptions {
  dir: string;
  id: string;
  tracker: Tracker;
  dryRun: boolean;
  /** Batch resume: the attempt a killed run had started. */
  attempt?: number | undefined;
  warn: (line: string) => void;
  /** The log's signing key: only lines it proves are history. */
  key: Buffer;
}

/** Where a ticket stands: an attempt to finish, one to make, or a human to wait for. */
export type Loaded =
  | { kind: "resume"; issue: TrackerIssue; entry: VerifyLogEntry; history: VerifyLogEntry[] }
  | { kind: "waiting"; issue: TrackerIssue; last: VerifyLogEntry }
  | { kind: "attempt"; issue: TrackerIssue; attempt: number; history: VerifyLogEntry[] };

/** An id goes into bd's argv and a lock file name: refuse anything else first. */
export function assertIssueId(id: string): void {
  if (!ISSUE_ID.test(id)) {
    throw new ManagerError(ManagerErrorCode.UsageError, `not an issue id: ${JSON.stringify(id)}`);
  }
}

/** The issue and its log: the next attempt, or the one a killed run logged but did not apply. */
export async function loadTicket(options: LoadOptions): Promise<Loaded> {
  assertIssueId(options.id);
  // An id bd does not know is one line ("unknown issue id …"), not bd's command line.
  const issue = await showNamed(options.tracker, options.id);
  const history = readHistory(options.dir, issue.id, options.warn, options.key);
  const last = history[history.length - 1];
  const resume = (entry: VerifyLogEntry): Loaded => ({
    kind: "resume",
    issue,
    entry,
    history: history.filter((e) => e.attempt < entry.attempt),
  });
  if (!options.dryRun) {
    // A killed run logged its attempt but may not have told the tracker: finish that first.
    const started =
      options.attempt === undefined
        ? undefined
        : history.find((e) => e.attempt === options.attempt);
    if (started) return resume(started);
    if (last && !isApplied(last, issue, options.key)) return resume(last);
  }
  if (last?.decision === "escalate" && issue.labels.includes(NEEDS_HUMAN_LABEL)) {
    return { kind: "waiting", issue, last };
  }
  return { kind: "attempt", issue, attempt: (last?.attempt ?? 0) + 1, history };
}
