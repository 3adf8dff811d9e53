// The watchdog of one child group: started by the manager right after the child, it holds
// the read end of a pipe whose write end only the manager has. When the manager dies in any
// way, SIGKILL included, the pipe reports end-of-file and the watchdog stops the child's
// group (and every process seen in it, detached ones included) as the manager would:
// SIGTERM, the grace, SIGKILL. A `release` line means the manager saw the run end.
// Usage: node watchdog.js <pid> <start> <grace-ms>
import { RELEASE_LINE } from "./guard.js";
import { processStart, RunProcesses } from "./process-tree.js";
import { SAMPLE_INTERVAL_MS, stopRun } from "./stop-run.js";

const [pidText = "", startText = "", graceText = ""] = process.argv.slice(2);
const pid = Number(pidText);
const graceMs = Number(graceText);
const run = new RunProcesses(pid);
let input = "";
let isDone = false;

function finish(): void {
  isDone = true;
  clearInterval(sampler);
  process.stdin.destroy();
}

function sample(): void {
  // Nothing of the run is left alive: nothing can start again, and a reused pid is not ours.
  if (!isDone && run.sample().length === 0) finish();
}

function onParentGone(): void {
  if (isDone) return;
  finish();
  void stopRun(pid, graceMs, run);
}

const sampler = setInterval(sample, SAMPLE_INTERVAL_MS);
const rootStart = processStart(pid);
if (!Number.isInteger(pid) || pid <= 0) finish();
// The child ended and its pid went to another process before this one started.
else if (rootStart !== undefined && String(rootStart) !== startText) finish();
else sample();

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  input += chunk;
  if (input.split("\n").includes(RELEASE_LINE)) finish();
});
process.stdin.on("end", onParentGone);
process.stdin.on("error", onParentGone);
