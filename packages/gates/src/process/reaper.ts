// The reaper: a tiny guard started once per verify-gates run, in its own process group.
// verify-gates tells it on stdin which process groups it started ("+pid") and which ended
// ("-pid"). When verify-gates dies in any way, SIGKILL included, its end of the pipe closes:
// the reaper then takes every group still listed down (SIGTERM, then SIGKILL after a grace).
// A group is listed only once spawn() has returned in verify-gates, and a child can run (and
// verify-gates be killed) before that: so every child also carries a token in its environment
// (argv[2] names it), and the reaper takes down the group of every process that carries it.
import { readdirSync, readFileSync } from "node:fs";

const GRACE_MS = Number(process.env.VERIFY_GATES_REAPER_GRACE_MS) || 2000;
const MARK = process.argv[2] ?? "";
const groups = new Set<number>();
let pending = "";
let reaping = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // That group is gone already.
  }
}

/** The process groups of every process whose environment carries the mark (ours excepted). */
function markedGroups(): Set<number> {
  const found = new Set<number>();
  if (MARK === "") return found;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, "latin1").split("\0").includes(MARK)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      // Fields after the command's closing parenthesis: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (Number.isInteger(pgrp) && pgrp > 1 && pgrp !== process.pid) found.add(pgrp);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function signalAll(signal: NodeJS.Signals): void {
  for (const pid of new Set([...groups, ...markedGroups()])) signalGroup(pid, signal);
}

function reap(): void {
  if (reaping) return;
  reaping = true;
  const marked = markedGroups();
  if (groups.size === 0 && marked.size === 0) process.exit(0);
  signalAll("SIGTERM");
  setTimeout(
    () => {
      signalAll("SIGKILL");
      process.exit(0);
    },
    Math.min(GRACE_MS, 60_000),
  );
}

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  const lines = pending.split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 1) continue;
    if (line.startsWith("+")) groups.add(pid);
    else if (line.startsWith("-")) groups.delete(pid);
  }
});
process.stdin.on("end", reap);
process.stdin.on("error", reap);
// Signals meant for verify-gates' group do not reach us (we are detached); one sent to us
// directly means the same as the pipe closing.
process.on("SIGTERM", reap);
process.on("SIGINT", reap);
process.on("SIGHUP", reap);
