import type { VerifyLogEntry } from "@agent-verify/contract";
import { formatLogProblems, LOG_FILE, readLog, ticketHistory } from "../record/verify-log.js";

const warned = new Set<string>();

/**
 * One ticket's logged attempts, signed with this user's key; a bad or foreign log line is
 * warned about once per process, then skipped.
 */
export function readHistory(
  dir: string,
  ticket: string,
  warn: (line: string) => void,
  key: Buffer,
): VerifyLogEntry[] {
  const log = readLog(dir, { key });
  for (const line of formatLogProblems(LOG_FILE, log.problems)) {
    const key = `${dir}\0${line}`;
    if (warned.has(key)) continue;
    warned.add(key);
    warn(`verify-manager: warning: ${line} (ignored)`);
  }
  return ticketHistory(log.entries, ticket);
}
