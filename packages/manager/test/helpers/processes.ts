import { readdirSync, readFileSync } from "node:fs";

/** Live (non-zombie) processes whose argv contains `marker`. */
export function processesWithMarker(marker: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ");
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state !== "Z" && cmdline.includes(marker)) found.push(`${name}: ${cmdline.trim()}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Test hygiene after a failure: SIGKILL what a test run left behind (by pid, marker-checked). */
export function killMarked(marker: string): void {
  for (const entry of processesWithMarker(marker)) {
    try {
      process.kill(Number(entry.split(":")[0]), "SIGKILL");
    } catch {
      // already gone
    }
  }
}
