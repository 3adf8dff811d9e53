// Core-seconds per process, from /proc/<pid>/stat (utime + stime), for a tree of processes and
// any process named to it (a web server, a browser started before). A sampler reads /proc
// every few ms while a command runs, so that a process which ends is counted up to its last
// sample (what it burns after the last sample, at most one interval, is lost: the benches
// print the sampled sum next to GNU time's total for the tree it waited for). Linux only.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_S = 100; // USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK)

/** pid, ppid, cpu ticks (utime + stime) and start time of a process, or null once it is gone. */
export function readStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // comm may hold spaces and parentheses: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
    start: Number(fields[19]),
  };
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

function allPids() {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/**
 * Follows every descendant of the given roots (a pid seen once stays followed, even when it is
 * re-parented to init, as a detached browser is) and the pids added with `follow`.
 */
export class CpuSampler {
  #known = new Map(); // key pid:start → { pid, cmd, first, last }
  #roots = new Set();
  #timer;

  constructor(intervalMs = 20) {
    this.intervalMs = intervalMs;
  }

  /** Follow `pid` and its descendants from now on; `baseline`: count only CPU from now. */
  follow(pid, { baseline = true } = {}) {
    this.#roots.add(pid);
    const stat = readStat(pid);
    if (stat) this.#record(stat, baseline ? stat.ticks : 0);
  }

  start() {
    this.sample();
    this.#timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  stop() {
    clearInterval(this.#timer);
    this.sample();
  }

  #record(stat, first) {
    const key = `${stat.pid}:${stat.start}`;
    const seen = this.#known.get(key);
    if (seen) {
      seen.last = stat.ticks;
      return;
    }
    this.#known.set(key, { pid: stat.pid, cmd: commandLine(stat.pid), first, last: stat.ticks });
  }

  sample() {
    const followed = new Set([...this.#roots, ...[...this.#known.values()].map((p) => p.pid)]);
    const stats = allPids()
      .map(readStat)
      .filter((stat) => stat !== null);
    // Parents before children is not guaranteed: repeat until no new process joins.
    let grew = true;
    while (grew) {
      grew = false;
      for (const stat of stats) {
        if (!followed.has(stat.pid) && followed.has(stat.ppid)) {
          followed.add(stat.pid);
          grew = true;
        }
      }
    }
    for (const stat of stats) if (followed.has(stat.pid)) this.#record(stat, 0);
  }

  /** Core-seconds so far per category (`classify(cmd, pid)` → a name), from the first sample. */
  totals(classify) {
    const sums = {};
    for (const process of this.#known.values()) {
      const name = classify(process.cmd, process.pid);
      sums[name] = (sums[name] ?? 0) + (process.last - process.first) / TICKS_PER_S;
    }
    return sums;
  }
}

/** The categories of a `verify-manager run`: who burns the CPU. */
export function classifyRunProcess({ managerPid, webServerPids = [] }) {
  return (cmd, pid) => {
    if (webServerPids.includes(pid) || /demo-shop\/dist\/server\.js|shared-server/.test(cmd))
      return "web server";
    if (pid === managerPid || /verify-manager|watchdog\.js/.test(cmd)) return "manager";
    if (/chrom/i.test(cmd)) return "browser";
    if (/--browser-server/.test(cmd)) return "browser host (node)";
    if (/verify-runner/.test(cmd)) return "runner";
    return "other";
  };
}

/** `a - b` per key (CPU between two `totals`). */
export function minus(a, b) {
  return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value - (b[key] ?? 0)]));
}

export function sum(totals) {
  return Object.values(totals).reduce((total, value) => total + value, 0);
}
