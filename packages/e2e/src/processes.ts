import { readFileSync, readdirSync } from "node:fs";

/** Pids of live processes whose environment carries `marker` (children inherit it). */
export function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const status = readFileSync(`/proc/${entry}/stat`, "latin1");
      if (/^\d+ \(.*\) Z /.test(status)) continue; // a zombie is already dead
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker))
        found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}
