import { join } from "node:path";
import { BdTracker } from "../tracker/bd-tracker.js";
import type { Tracker } from "../tracker/tracker.js";

/** The bd write a killed manager left running; the next one waits for it. */
export const PENDING_WRITE_FILE = ".verify/.tracker-write.json";

/** bd for the ticket loop: writes a killed run left running are waited for before reading. */
export function ticketTracker(dir: string, env: NodeJS.ProcessEnv): Tracker {
  return new BdTracker({ cwd: dir, env, pendingWriteFile: join(dir, PENDING_WRITE_FILE) });
}
