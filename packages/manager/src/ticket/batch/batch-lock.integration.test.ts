import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { acquireBatchLock, LOCK_FILE } from "./batch-lock.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vm-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited: a lock it left is stale. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(result.stdout);
}

const lockFile = () => join(dir, LOCK_FILE);

it("takes a free lock whole, and release removes it", () => {
  const lock = acquireBatchLock(dir);
  expect("release" in lock).toBe(true);
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
  if ("release" in lock) lock.release();
  expect(existsSync(lockFile())).toBe(false);
  expect(readdirSync(join(dir, ".verify"))).toEqual([]);
});

it("refuses a lock held by a live process, naming it", () => {
  mkdirSync(join(dir, ".verify"));
  writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, start: null }));
  expect(acquireBatchLock(dir)).toEqual({ heldBy: process.ppid });
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.ppid);
});

it("takes over a lock left by a dead process, and an empty or garbled one", () => {
  mkdirSync(join(dir, ".verify"));
  for (const content of [JSON.stringify({ pid: deadPid(), start: null }), "", "{garbage"]) {
    writeFileSync(lockFile(), content);
    const lock = acquireBatchLock(dir);
    expect("release" in lock).toBe(true);
    expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
    if ("release" in lock) lock.release();
  }
  expect(readdirSync(join(dir, ".verify"))).toEqual([]);
});

it("release leaves a lock that is no longer its own", () => {
  const lock = acquireBatchLock(dir);
  writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, start: null }));
  if ("release" in lock) lock.release();
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.ppid);
});
