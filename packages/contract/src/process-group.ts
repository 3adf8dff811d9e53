import { readdirSync, readFileSync } from "node:fs";

/**
 * How many live processes other than `self` are in process group `group` (Linux /proc),
 * or undefined where /proc cannot tell (the caller then waits its full grace).
 */
export function othersInGroup(group: number, self = process.pid): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  let count = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === self) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z" && Number(fields[2]) === group) count++;
  }
  return count;
}
