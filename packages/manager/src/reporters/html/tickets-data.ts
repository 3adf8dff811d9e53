import type { Redactor } from "@agent-verify/contract/redact";
import { formatLogProblems, LOG_FILE, readLog } from "../../ticket/record/verify-log.js";
import { signingKey } from "../../ticket/trust/key.js";
import type { TicketsData } from "./tickets-view.js";

/**
 * The tickets view's data: the attempts in `<dir>/.verify/log.jsonl` signed by this user's
 * manager (foreign lines are left out and counted in a note, as `verify-manager log` does).
 * The report is written after the run: a log it cannot read is a note, never a failed run.
 */
export function readTicketsData(
  dir: string,
  env: NodeJS.ProcessEnv,
  redactor: Redactor,
): TicketsData {
  try {
    const log = readLog(dir, { key: signingKey({ env, dir, create: false }) });
    return {
      entries: redactor.deep(log.entries),
      notes: formatLogProblems(LOG_FILE, log.problems).map((line) => redactor.text(line)),
    };
  } catch (error) {
    return {
      entries: [],
      notes: [redactor.text(`cannot read ${LOG_FILE}: ${(error as Error).message}`)],
    };
  }
}
