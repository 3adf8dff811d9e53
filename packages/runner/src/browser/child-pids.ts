import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";

/**
 * Pids of this process's direct children (Linux /proc; empty elsewhere). Playwright
 * does not expose the pid of a launched browser, and we need it to kill a browser
 * that will not close before the runner exits.
 */
export function childPids(parent = process.pid): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 4 (ppid) follows the parenthesised command name, which may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * The children started since `before` that are not Node processes: a browser launched
 * while a web server's guard (a Node child) starts beside it is told apart from the guard.
 */
export function newBrowserPids(before: ReadonlySet<number>): number[] {
  return childPids().filter((pid) => !before.has(pid) && !isNode(pid));
}

function isNode(pid: number): boolean {
  try {
    const first = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return first === process.execPath || basename(first) === basename(process.execPath);
  } catch {
    return false;
  }
}
