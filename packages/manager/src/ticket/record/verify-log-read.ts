import type { VerifyLogEntry } from "@agent-verify/contract";
import { signingKey } from "../trust/key.js";
import { formatLogProblems, LOG_FILE, readLog, ticketHistory } from "./verify-log.js";

/**
 * One ticket's attempts signed with this user's key (`env` names the state folder), plus
 * one-line notes on log lines that could not be read or are foreign.
 */
export function readTicketLog(
  dir: string,
  ticket: string,
  env: NodeJS.ProcessEnv = process.env,
): { entries: VerifyLogEntry[]; problems: string[] } {
  const log = readLog(dir, { key: signingKey({ env, dir, create: false }) });
  return {
    entries: ticketHistory(log.entries, ticket),
    problems: formatLogProblems(LOG_FILE, log.problems),
  };
}
