import { spawn } from "node:child_process";
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { BIN } from "./cli.js";

export interface RunEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface ManagerRun {
  pid: number;
  /** Whether the process has exited (its exit seen by this process). */
  isRunning(): boolean;
  /** SIGKILL the manager alone (not its group): its bd and runner children live on. */
  kill(): boolean;
  exited: Promise<RunEnd>;
}

/** Managers started and not yet seen to exit; afterAll kills them by pid. */
export const liveManagers = new Set<number>();

/** Start the built bin as a user would, without waiting for it. */
export function startManager(args: string[], env: NodeJS.ProcessEnv): ManagerRun {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${BIN}`);
  liveManagers.add(pid);
  let stdout = "";
  let stderr = "";
  let isRunning = true;
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.once("exit", () => {
    isRunning = false;
    liveManagers.delete(pid);
  });
  const exited = new Promise<RunEnd>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) =>
      resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started }),
    );
  });
  return {
    pid,
    isRunning: () => isRunning,
    kill: () => isRunning && process.kill(pid, "SIGKILL"),
    exited,
  };
}

/** mulberry32: a small seeded PRNG, so a failing sequence of kill delays can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Live processes whose environment holds `entry` exactly (e.g. `BEADS_DIR=/tmp/x/.beads`),
 * optionally only those named one of `commands`: the bd and runner processes a killed manager left
 * behind, found without their parent.
 */
export function processesWithEnv(entry: string, commands?: readonly string[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${name}/comm`, "utf8").trim();
      if (commands !== undefined && !commands.includes(command)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z") continue;
      if (readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(entry)) {
        found.push(Number(name));
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Wait (at most timeoutMs) until no process carries `entry`; returns the ones left. */
export async function waitForNoneWithEnv(entry: string, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = processesWithEnv(entry);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(50);
    left = processesWithEnv(entry);
  }
  return left;
}

/** Test hygiene: SIGKILL each pid (each one a process this test started). */
export function killPids(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * The real bd behind a script that holds each write back for `delayMs` first, as when bd
 * waits for the tracker's lock. A write a killed manager left running then lands well after
 * the next manager has started: the race the pending-write record is there to win.
 */
export function slowWritesBd(folder: string, bin: string, delayMs: number): string {
  const script = join(folder, "slow-writes-bd");
  const seconds = (delayMs / 1000).toFixed(3);
  writeFileSync(
    script,
    [
      "#!/bin/sh",
      `case "$1 $2" in close\\ *|update\\ *|"comments add") sleep ${seconds} ;; esac`,
      `exec ${JSON.stringify(bin)} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(script, 0o755);
  return script;
}
