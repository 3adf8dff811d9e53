import { setTimeout as sleep } from "node:timers/promises";
import { RunProcesses, signalAll, signalGroup } from "./process-tree.js";

/** How often a run's process tree is sampled, to catch children that detach. */
export const SAMPLE_INTERVAL_MS = 500;

async function waitUntilGone(run: RunProcesses, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (run.sample().length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
}

/**
 * Stop everything a run started: SIGTERM to its group and to every process seen in it,
 * `graceMs` to exit, then SIGKILL to the same. Used by the manager and by its watchdog.
 */
export async function stopRun(pgid: number, graceMs: number, run: RunProcesses): Promise<void> {
  const live = run.sample();
  if (live.length === 0) return;
  signalGroup(pgid, "SIGTERM");
  signalAll(live, "SIGTERM");
  if (await waitUntilGone(run, graceMs)) return;
  signalGroup(pgid, "SIGKILL");
  signalAll(run.sample(), "SIGKILL");
  await waitUntilGone(run, 1000);
}
