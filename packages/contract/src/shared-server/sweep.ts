import {
  lstatSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { liveHolders, readRecord, tryLock, unlock } from "./lease-dir.js";
import { isRunning, selfId } from "./proc.js";

/** A lease folder untouched for this long, with no server and no holder, is removed. */
export const IDLE_MS = 60 * 60 * 1000;
/** How often one machine looks (a marker file's mtime says when it last did). */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;

const TRASH = ".trash-";

function newestChange(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const name of ["holders", "lock"]) {
    try {
      newest = Math.max(newest, statSync(join(dir, name)).mtimeMs);
    } catch {
      // not there
    }
  }
  return newest;
}

/**
 * Whether a sweep is due, and if so claim it for this process: the mtime of a marker next to
 * the servers folder (not in it: that folder holds lease folders only) says when the last began.
 */
function claimSweep(servers: string, now: number): boolean {
  const marker = `${servers}.swept`;
  try {
    if (now - statSync(marker).mtimeMs < SWEEP_EVERY_MS) return false;
  } catch {
    writeFileSync(marker, "");
  }
  utimesSync(marker, new Date(now), new Date(now));
  return true;
}

/**
 * Under its lock, a folder with no live server and no live holder is moved aside (one
 * rename: a process that comes for the same URL meanwhile makes a fresh folder) and removed.
 */
function removeIfIdle(dir: string, now: number): void {
  if (now - newestChange(dir) < IDLE_MS) return;
  const me = selfId();
  if (!tryLock(dir, me)) return;
  let moved = false;
  try {
    const record = readRecord(dir);
    if (record && isRunning(record.host)) return;
    if (liveHolders(dir).length > 0) return;
    const trash = join(dirname(dir), `${TRASH}${process.pid}-${now}`);
    renameSync(dir, trash);
    moved = true;
    rmSync(trash, { recursive: true, force: true });
  } finally {
    if (!moved) unlock(dir, me);
  }
}

/**
 * Remove the lease folders of servers nobody has used for an hour (each test run, port
 * and checkout leaves one behind), at most every ten minutes per machine. Never throws:
 * the sweep is housekeeping, and a run must not fail for it.
 */
export function sweepIdleLeases(servers: string, keep: string, now: number = Date.now()): void {
  try {
    if (!claimSweep(servers, now)) return;
    for (const name of readdirSync(servers)) {
      const dir = join(servers, name);
      if (dir === keep) continue;
      try {
        if (name.startsWith(TRASH)) {
          // A sweep that died between its rename and its rm.
          if (now - statSync(dir).mtimeMs >= IDLE_MS) rmSync(dir, { recursive: true, force: true });
        } else if (lstatSync(dir).isDirectory()) {
          // lstat: a symlink planted here is never followed into another folder.
          removeIfIdle(dir, now);
        }
      } catch {
        // Another process changed it meanwhile: next time.
      }
    }
  } catch {
    // No servers folder, or not ours to read.
  }
}
