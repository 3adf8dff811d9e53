import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { currentProcess, isAlive, parseProcessId } from "../supervise/process-alive.js";

export const LOCK_FILE = ".verify/loop.lock";

/** One `verify-manager issues` per project at a time; a lock left by a killed run is taken over. */
export function acquireBatchLock(dir: string): { release(): void } | { heldBy: number } {
  const file = join(dir, LOCK_FILE);
  mkdirSync(dirname(file), { recursive: true });
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, JSON.stringify(currentProcess()));
      } finally {
        closeSync(fd);
      }
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder;
    try {
      holder = parseProcessId(readFileSync(file, "utf8"));
    } catch {
      holder = null;
    }
    if (holder !== null && holder.pid !== process.pid && isAlive(holder)) {
      return { heldBy: holder.pid };
    }
    rmSync(file, { force: true });
  }
  return { heldBy: -1 };
}
