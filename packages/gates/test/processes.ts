import { readFileSync } from "node:fs";

/** Whether a process is running (a zombie waiting for its reaper is not). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Poll a condition for up to ~10 s; true once it holds. */
export async function eventually(check: () => boolean, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}
