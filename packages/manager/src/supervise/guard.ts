import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { processStart } from "./process-tree.js";

export interface Watchdog {
  /** The run ended under the manager's eyes: the watchdog lets go of it. */
  release(): void;
}

function watchdogScript(): string {
  const beside = fileURLToPath(new URL("./watchdog.js", import.meta.url));
  if (existsSync(beside)) return beside;
  // Tests import the sources; the watchdog then runs from the build (test/global-setup.ts).
  return fileURLToPath(new URL("../../dist/supervise/watchdog.js", import.meta.url));
}

interface SharedWatchdog {
  child: ChildProcess;
  isGone: boolean;
}

let shared: SharedWatchdog | undefined;

/**
 * This process's one watchdog (see watchdog.ts), kept for the rest of its life: a Node start
 * per child cost more CPU than most children (a bd or git call). Called before each child's
 * spawn, so that a kill during the watchdog's own spawn (a fork and an exec) cannot leave a
 * started group unwatched. A watchdog that died is replaced before the next child.
 */
export function sharedWatchdog(): SharedWatchdog {
  if (shared && !shared.isGone) return shared;
  const child = spawn(process.execPath, [watchdogScript(), String(process.pid)], {
    // Its own session: a terminal's Ctrl-C or hang-up does not reach it before the manager.
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  const entry: SharedWatchdog = { child, isGone: false };
  const gone = () => {
    entry.isGone = true;
  };
  // Neither the watchdog nor its pipe keeps this process alive; the pipe ends with it.
  child.unref();
  (child.stdin as Socket | null)?.unref();
  child.on("error", gone);
  child.on("exit", gone);
  child.stdin?.on("error", gone);
  shared = entry;
  return entry;
}

function tell(watchdog: SharedWatchdog, line: string): void {
  if (!watchdog.isGone && watchdog.child.stdin?.writable) watchdog.child.stdin.write(`${line}\n`);
}

/**
 * Put the child group led by `pid` in the watchdog's care: it stops the group if this process
 * dies before calling `release()`. Call it in the same tick as the child's spawn, so that no
 * kill can land between the two (a pipe write is in the kernel when it returns).
 */
export function watchChildGroup(pid: number, graceMs: number): Watchdog {
  const watchdog = sharedWatchdog();
  tell(watchdog, `watch ${pid} ${processStart(pid) ?? ""} ${graceMs}`);
  return { release: () => tell(watchdog, `release ${pid}`) };
}
