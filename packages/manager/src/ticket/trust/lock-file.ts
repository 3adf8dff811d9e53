import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import {
  currentProcess,
  isAlive,
  parseProcessId,
  type ProcessId,
} from "../../supervise/process-alive.js";

export type Lock = { release(): void } | { heldBy: number };

function holderOf(file: string): ProcessId | null {
  try {
    return parseProcessId(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const isOther = (holder: ProcessId | null): holder is ProcessId =>
  holder !== null && holder.pid !== process.pid && isAlive(holder);

/**
 * Take the lock file: it appears whole (pid and start time written to a temp file, then
 * hard-linked into place, which fails like O_EXCL if it exists); a lock whose process is
 * gone (a killed run, or a reused pid with another start time) is moved aside by one
 * contender and taken over. The folder must exist.
 */
export function acquireLockFile(file: string): Lock {
  const me = JSON.stringify(currentProcess());
  const unique = `${process.pid}.${randomBytes(4).toString("hex")}`;
  const temp = `${file}.${unique}.tmp`;
  writeFileSync(temp, me);
  try {
    for (let tries = 0; tries < 5; tries++) {
      try {
        linkSync(temp, file);
        return {
          release: () => {
            // Only our own lock: a run that took over a lock it thought stale keeps its own.
            if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = holderOf(file);
      if (isOther(holder)) return { heldBy: holder.pid };
      const aside = `${file}.${unique}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      // Between reading the stale lock and moving it, a live run may have taken it.
      const moved = holderOf(aside);
      if (isOther(moved)) {
        try {
          linkSync(aside, file);
        } catch {
          // Someone else holds it now; they will be found on the next try.
        }
        rmSync(aside, { force: true });
        return { heldBy: moved.pid };
      }
      rmSync(aside, { force: true });
    }
    return { heldBy: holderOf(file)?.pid ?? -1 };
  } finally {
    rmSync(temp, { force: true });
  }
}
