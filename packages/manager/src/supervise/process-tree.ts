import { readdirSync, readFileSync } from "node:fs";

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Clock ticks since boot when the process started: a pid plus this names one process. */
  start: number;
}

function readStat(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name sits in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    if (state === "Z" || state === "X") return undefined;
    return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/** When a live process started (clock ticks since boot), or undefined when it is gone or unknown. */
export function processStart(pid: number): number | undefined {
  return readStat(pid)?.start;
}

/** Every live process, read once from /proc (empty where /proc is not available). */
export function listProcesses(): ProcInfo[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const info = readStat(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/**
 * Live processes that belong to a run: the group `pgid` plus every descendant of
 * `rootPid`, including ones that moved to their own group (Playwright starts the
 * browser detached). Empty where /proc is not available.
 */
export function processesOfRun(
  rootPid: number,
  pgid: number,
  procs: readonly ProcInfo[] = listProcesses(),
): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const proc of procs) {
    const list = children.get(proc.ppid) ?? [];
    list.push(proc);
    children.set(proc.ppid, list);
  }
  const found = new Map<number, ProcInfo>();
  for (const proc of procs)
    if (proc.pgid === pgid || proc.pid === rootPid) found.set(proc.pid, proc);
  const queue = [rootPid, ...found.keys()];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    for (const child of children.get(pid) ?? []) {
      if (found.has(child.pid)) continue;
      found.set(child.pid, child);
      queue.push(child.pid);
    }
  }
  return [...found.values()];
}

/**
 * Every process ever seen in a run, by pid and start time, so that one which
 * detached and lost its parent is still found, and a reused pid is never hit.
 */
export class RunProcesses {
  private readonly seen = new Map<number, number>();

  constructor(private readonly rootPid: number) {}

  /** Record the run's current processes (from `procs`, a fresh read by default); returns the live ones. */
  sample(procs?: readonly ProcInfo[]): number[] {
    for (const proc of processesOfRun(this.rootPid, this.rootPid, procs))
      this.seen.set(proc.pid, proc.start);
    const live: number[] = [];
    for (const [pid, start] of this.seen) {
      if (readStat(pid)?.start === start) live.push(pid);
      else this.seen.delete(pid);
    }
    return live;
  }
}

/** Send `signal` to each pid; ignores processes that are already gone. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already exited
    }
  }
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
