import { appendFileSync, chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import {
  killPids,
  liveManagers,
  processesWithEnv,
  startManager,
  waitForNoneWithEnv,
} from "../../test/helpers/kill-run.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

// No child outlives the manager, even after `kill -9` of the manager alone: its runner group
// (with a grandchild that detached and ignores SIGTERM), its bd, its gates. Every process of a
// run carries the test's env marker, so the process table shows what was left behind.

/**
 * A program that hangs the way the worst child would: it ignores SIGTERM and leaves a
 * grandchild in its own process group that ignores SIGTERM too. As bd (VERIFY_BD) it answers
 * `show` with a ticket whose Verify: section asks for `pass`, unless STANDIN_HANG is set.
 */
const STAND_IN = String.raw`#!/usr/bin/env node
import { spawn } from "node:child_process";
const hang = () => {
  const argv = ["-e", "process.on('SIGTERM',()=>{});setInterval(()=>{},1000)", "--", "--marker=" + process.env.VERIFY_TEST_RUN];
  spawn(process.execPath, argv, { stdio: "ignore", detached: true }).unref();
  process.on("SIGTERM", () => {});
  setInterval(() => {}, 1000);
};
const [command, id] = process.argv.slice(2);
if (process.argv.includes("--gates") || process.env.STANDIN_HANG) hang();
else if (command === "show") process.stdout.write(JSON.stringify([{ id, title: "t", status: "open", description: "Verify:\n- pass\n", comments: [] }]));
else process.stdout.write("[]");
`;

const projects: FaultProject[] = [];

function project(): { project: FaultProject; standIn: string } {
  const made = makeFaultProject({ timeoutS: 60 });
  projects.push(made);
  const standIn = join(made.dir, "stand-in.mjs");
  writeFileSync(standIn, STAND_IN);
  chmodSync(standIn, 0o755);
  return { project: made, standIn };
}

afterAll(() => {
  killPids(liveManagers);
  for (const made of projects) {
    killMarked(made.marker);
    killPids(processesWithEnv(envMarker(made)));
    rmSync(made.dir, { recursive: true, force: true });
  }
});

const envMarker = (made: FaultProject) => `VERIFY_TEST_RUN=${made.marker}`;

function envFor(made: FaultProject, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const [name = "", value = ""] = envMarker(made).split("=");
  return {
    ...process.env,
    [name]: value,
    VERIFY_KILL_GRACE_MS: "500",
    VERIFY_TIMEOUT_GRACE_MS: "500",
    VERIFY_BD_KILL_GRACE_MS: "500",
    ...extra,
  };
}

/** Wait until `count` grandchildren that ignore SIGTERM are up (their argv names the marker). */
async function waitForGrandchild(made: FaultProject, count = 1): Promise<void> {
  const deadline = Date.now() + 30_000;
  const isGrandchild = (entry: string) => entry.includes("process.on('SIGTERM'");
  while (processesWithMarker(made.marker).filter(isGrandchild).length < count) {
    if (Date.now() > deadline) throw new Error("the manager's grandchild never started");
    await sleep(50);
  }
}

async function killManagerAndCount(
  args: string[],
  made: FaultProject,
  extra: NodeJS.ProcessEnv,
  grandchildren = 1,
): Promise<number[]> {
  const manager = startManager(args, envFor(made, extra));
  await waitForGrandchild(made, grandchildren);
  expect(manager.kill()).toBe(true);
  const end = await manager.exited;
  expect(end.signal).toBe("SIGKILL");
  // The graces are 500 ms; a watchdog that works is done long before this.
  await sleep(1000);
  return waitForNoneWithEnv(envMarker(made), 15_000);
}

describe("kill -9 of the manager leaves no process behind", () => {
  it("a hanging runner, its group and its detached grandchild that ignores SIGTERM", async () => {
    const { project: made } = project();
    // escapee: the runner starts a detached grandchild that ignores SIGTERM, then hangs.
    const left = await killManagerAndCount(["run", "escapee", "--dir", made.dir], made, {});
    expect(left).toEqual([]);
    expect(processesWithMarker(made.marker)).toEqual([]);
  });

  it("two hanging runners at once (--jobs 2), each with a grandchild that ignores SIGTERM", async () => {
    // One watchdog guards every child of the manager: both groups go.
    const { project: made } = project();
    const args = ["run", "escapee", "stubborn-grandchild", "--jobs", "2", "--dir", made.dir];
    const left = await killManagerAndCount(args, made, {}, 2);
    expect(left).toEqual([]);
    expect(processesWithMarker(made.marker)).toEqual([]);
  });

  it("a hanging bd that ignores SIGTERM, and its grandchild", async () => {
    const { project: made, standIn } = project();
    const extra = { VERIFY_BD: standIn, STANDIN_HANG: "1" };
    const left = await killManagerAndCount(["issue", "t-1", "--dir", made.dir], made, extra);
    expect(left).toEqual([]);
  });

  it("a hanging gates command that ignores SIGTERM, and its grandchild", async () => {
    const { project: made, standIn } = project();
    appendFileSync(
      join(made.dir, ".verify", "workflows.yaml"),
      `tickets:\n  run_gates: always\n  gates_command: ${JSON.stringify(`node ${standIn} --gates`)}\n`,
    );
    const extra = { VERIFY_BD: standIn };
    const left = await killManagerAndCount(["issue", "t-1", "--dir", made.dir], made, extra);
    expect(left).toEqual([]);
  });
});
