import { processStart } from "./process-tree.js";

/** A process named by pid and start time (clock ticks since boot, null where unknown). */
export interface ProcessId {
  pid: number;
  start: number | null;
}

export function currentProcess(pid: number = process.pid): ProcessId {
  return { pid, start: processStart(pid) ?? null };
}

/** Still running, and the same process (a reused pid has another start time). */
export function isAlive(id: ProcessId): boolean {
  try {
    process.kill(id.pid, 0);
  } catch (error) {
    // EPERM: alive but not ours; anything else: gone.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (id.start === null) return true;
  const start = processStart(id.pid);
  // /proc unreadable (not Linux): trust kill(0). Zombies read as gone.
  return start === undefined ? process.platform !== "linux" : start === id.start;
}

/** `{pid, start}` from JSON text, or null. */
export function parseProcessId(text: string): ProcessId | null {
  try {
    const value = JSON.parse(text) as Partial<ProcessId>;
    if (typeof value.pid !== "number" || !Number.isInteger(value.pid) || value.pid <= 0)
      return null;
    return { pid: value.pid, start: typeof value.start === "number" ? value.start : null };
  } catch {
    return null;
  }
}
