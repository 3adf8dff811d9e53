import { readFileSync } from "node:fs";
import { othersInGroup } from "../process-group.js";

/** When a live process started (clock ticks since boot); undefined when it is gone or a zombie. */
export function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name sits in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return undefined;
    return Number(fields[19]);
  } catch {
    return processAnswers(pid) ? 0 : undefined;
  }
}

function processAnswers(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // Without /proc there is no start time: 0 stands for "alive, start unknown".
    return !existsProc();
  } catch {
    return false;
  }
}

function existsProc(): boolean {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
}

/** One process, named by pid and start time so that a reused pid never counts as alive. */
export interface ProcessId {
  pid: number;
  start: number;
}

export function selfId(pid: number = process.pid): ProcessId {
  return { pid, start: processStart(pid) ?? 0 };
}

export function isRunning(id: ProcessId): boolean {
  const start = processStart(id.pid);
  return start !== undefined && start === id.start;
}

export function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a live process is left in group `pgid`. `kill(-pgid, 0)` also counts zombies, which
 * no signal moves and which wait for their reaper: an orphan's is init, and an init that
 * reaps late kept every stop waiting out its whole grace (1.5 s per run). So where /proc is
 * readable, zombies do not count.
 */
export function groupAlive(pgid: number): boolean {
  if (!killGroup(pgid, 0)) return false;
  const live = othersInGroup(pgid, -1);
  return live === undefined || live > 0;
}

/**
 * How long a server group gets between SIGTERM and SIGKILL: VERIFY_WEB_SERVER_GRACE_MS
 * (the runner's own guard reads the same variable), else 1500 ms; at most 60 s.
 */
export function killGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.VERIFY_WEB_SERVER_GRACE_MS?.trim();
  const value = Number(raw);
  if (!raw || !Number.isFinite(value) || value < 0) return 1500;
  return Math.min(Math.round(value), 60_000);
}
