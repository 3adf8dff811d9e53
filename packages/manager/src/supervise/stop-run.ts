import { setTimeout as sleep } from "node:timers/promises";
import { listProcesses, RunProcesses, signalAll, signalGroup } from "./process-tree.js";

/** How often a run's process tree is sampled, to catch children that detach. */
export const SAMPLE_INTERVAL_MS = 500;

const sampled = new Set<RunProcesses>();
let ticker: NodeJS.Timeout | undefined;

/**
 * Sample `run` every SAMPLE_INTERVAL_MS until the returned stop is called. Every run sampled so
 * in this process shares one pass over /proc a tick (a pass reads every process of the machine:
 * a manager with two workers and a shared browser made three). The ticker does not keep the
 * process alive: a run's own child does.
 */
export function sampleEvery(run: RunProcesses): () => void {
  sampled.add(run);
  if (ticker === undefined) {
    ticker = setInterval(() => {
      const procs = listProcesses();
      for (const each of sampled) each.sample(procs);
    }, SAMPLE_INTERVAL_MS);
    ticker.unref();
  }
  return () => {
    sampled.delete(run);
    if (sampled.size === 0 && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

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
