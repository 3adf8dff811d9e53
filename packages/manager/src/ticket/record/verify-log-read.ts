import type { VerifyLogEntry } from "@agent-verify/contract";
import { formatLogProblems, LOG_FILE, readLog, ticketHistory } from "./verify-log.js";

/** One ticket's attempts, plus one-line notes on log lines that could not be read. */
export function readTicketLog(
  dir: string,
  ticket: string,
): { entries: VerifyLogEntry[]; problems: string[] } {
  const log = readLog(dir);
  return {
    entries: ticketHistory(log.entries, ticket),
    problems: formatLogProblems(LOG_FILE, log.problems),
  };
}
