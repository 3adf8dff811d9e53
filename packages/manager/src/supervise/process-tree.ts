import { readdirSync, readFileSync } from "node:fs";

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
}

function readStat(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name sits in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    if (state === "Z" || state === "X") return undefined;
    return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** True while `pid` exists and is not a zombie. */
export function isLive(pid: number): boolean {
  return readStat(pid) !== undefined;
}

function allProcesses(): ProcInfo[] {
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
export function processesOfRun(rootPid: number, pgid: number): number[] {
  const procs = allProcesses();
  const children = new Map<number, number[]>();
  for (const proc of procs) {
    const list = children.get(proc.ppid) ?? [];
    list.push(proc.pid);
    children.set(proc.ppid, list);
  }
  const found = new Set<number>(procs.filter((p) => p.pgid === pgid).map((p) => p.pid));
  const queue = [rootPid, ...found];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    for (const child of children.get(pid) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  if (procs.some((p) => p.pid === rootPid)) found.add(rootPid);
  return [...found];
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
