// Shared helpers for the benchmarks: whole-command wall times, medians, ratios.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Run a command once; returns wall ms. Fails loudly when the command fails. */
export function timeCommand(command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
  const ms = performance.now() - started;
  const expected = options.expectExit ?? 0;
  if (result.status !== expected) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status} (expected ${expected})\n${result.stderr}\n${result.stdout}`.slice(
        0,
        4000,
      ),
    );
  }
  return ms;
}

/**
 * Time each named command `runs` times, interleaved round-robin so that machine
 * noise hits every candidate alike; one warm-up round is discarded.
 */
export function compare(candidates, runs) {
  const times = Object.fromEntries(Object.keys(candidates).map((name) => [name, []]));
  for (let round = -1; round < runs; round++) {
    for (const [name, run] of Object.entries(candidates)) {
      const ms = run();
      if (round >= 0) times[name].push(ms);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => [
      name,
      { median_ms: Math.round(median(list)), runs_ms: list.map(Math.round) },
    ]),
  );
}

export function ratio(a, b) {
  return Math.round((a / b) * 100) / 100;
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  for (const [name, value] of Object.entries(rows)) console.log(`  ${name.padEnd(40)} ${value}`);
}

/**
 * Busy CPU time of the whole machine so far, in core-seconds (/proc/stat: every state but
 * idle and iowait), or undefined off Linux. The difference over a command is what it and
 * everything it started cost, detached servers and browsers included.
 */
export function busyCoreSeconds() {
  try {
    const ticks = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = ticks[3] + ticks[4];
    return (ticks.reduce((sum, tick) => sum + tick, 0) - idle) / 100;
  } catch {
    return undefined;
  }
}

/**
 * One `node ARGS` process: wall ms and CPU ms (user+sys of it and the children it waited for,
 * from GNU time when present, else NaN). Fails loudly unless it exits `expectExit`.
 */
export function timeNodeWithCpu(args, { cwd, env, expectExit = 0 } = {}) {
  const time = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
  const command = time ?? process.execPath;
  const argv = time ? ["-f", "cpu %U %S", process.execPath, ...args] : args;
  const started = performance.now();
  const result = spawnSync(command, argv, { cwd, env, encoding: "utf8" });
  const wall = performance.now() - started;
  if (result.status !== expectExit) {
    throw new Error(
      `node ${args.join(" ")}: exit ${result.status}, expected ${expectExit}\n${result.stderr}`,
    );
  }
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr ?? "");
  return { wall, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN };
}
