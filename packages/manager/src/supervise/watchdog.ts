// The watchdog of one manager process: started with its first child, it holds the read end of
// a pipe whose write end only the manager has. The manager writes `watch <pid> <start>
// <grace-ms>` when it starts a child group and `release <pid>` when it saw that run end. When
// the manager dies in any way, SIGKILL included, the pipe reports end-of-file and the watchdog
// stops every group still watched (and every process seen in it, detached ones included) as
// the manager would: SIGTERM, the grace, SIGKILL.
// Usage: node watchdog.js <manager-pid> (the pid only names it in the process table)
import { listProcesses, processStart, RunProcesses } from "./process-tree.js";
import { SAMPLE_INTERVAL_MS, stopRun } from "./stop-run.js";

interface Watched {
  graceMs: number;
  run: RunProcesses;
}

const watched = new Map<number, Watched>();
let input = "";
let isParentGone = false;
let sampler: NodeJS.Timeout | undefined;

/** Record each run's processes in one pass over /proc; forget runs with nothing left alive. */
function sampleAll(): void {
  const procs = listProcesses();
  for (const [pid, entry] of watched) if (entry.run.sample(procs).length === 0) watched.delete(pid);
  if (watched.size === 0) stopSampling();
}

function stopSampling(): void {
  if (sampler !== undefined) clearInterval(sampler);
  sampler = undefined;
}

function watch(pid: number, startText: string, graceMs: number): void {
  // The child ended and its pid went to another process before this line was read.
  const start = processStart(pid);
  if (start !== undefined && String(start) !== startText) return;
  const run = new RunProcesses(pid);
  // Nothing of the run is left alive: nothing can start again, and a reused pid is not ours.
  if (run.sample().length === 0) return;
  watched.set(pid, { graceMs: Number.isFinite(graceMs) ? graceMs : 0, run });
  sampler ??= setInterval(sampleAll, SAMPLE_INTERVAL_MS);
}

function onLine(line: string): void {
  const [verb, pidText = "", startText = "", graceText = ""] = line.split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (verb === "watch") watch(pid, startText, Number(graceText));
  else if (verb === "release") {
    watched.delete(pid);
    if (watched.size === 0) stopSampling();
  }
}

function onParentGone(): void {
  if (isParentGone) return;
  isParentGone = true;
  stopSampling();
  process.stdin.destroy();
  const runs = [...watched];
  watched.clear();
  void Promise.all(runs.map(([pid, entry]) => stopRun(pid, entry.graceMs, entry.run)));
}

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  input += chunk;
  const lines = input.split("\n");
  input = lines.pop() ?? "";
  for (const line of lines) onLine(line);
});
process.stdin.on("end", onParentGone);
process.stdin.on("error", onParentGone);
