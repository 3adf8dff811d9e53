import { readFileSync, readdirSync } from "node:fs";

/** Live processes ("pid: command line") whose environment carries `marker` (children inherit it). */
export function processesWithMarker(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const status = readFileSync(`/proc/${entry}/stat`, "latin1");
      if (/^\d+ \(.*\) Z /.test(status)) continue; // a zombie is already dead
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker))
        found.push(
          `${entry}: ${readFileSync(`/proc/${entry}/cmdline`, "latin1").replaceAll("\0", " ").trim()}`,
        );
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/**
 * The processes left with `marker` once the ones still exiting have had `ms` to go (polled
 * every 100 ms): what is returned outlived its run.
 */
export async function leftWithMarker(marker: string, ms = 5000): Promise<string[]> {
  const deadline = Date.now() + ms;
  let left = processesWithMarker(marker);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    left = processesWithMarker(marker);
  }
  return left;
}
