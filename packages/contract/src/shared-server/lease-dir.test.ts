import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addHolder, leaseDir, liveHolders, tryLock, unlock } from "./lease-dir.js";
import { selfId, type ProcessId } from "./proc.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "lease-test-"));
  dirs.push(dir);
  return dir;
}

/** A process that has already exited: its lease must not count. */
function deadProcess(): ProcessId {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  return { pid: child.pid ?? 1, start: 1 };
}

describe("shared server leases", () => {
  it("one folder per URL, under VERIFY_STATE_DIR when set", () => {
    const a = leaseDir("http://127.0.0.1:4173/health", { VERIFY_STATE_DIR: "/state" });
    expect(a).toMatch(/^\/state\/servers\/[0-9a-f]{16}$/);
    expect(leaseDir("http://127.0.0.1:4174/health", { VERIFY_STATE_DIR: "/state" })).not.toBe(a);
  });

  it("a holder that died (kill -9, or a reused pid) is dropped; a live one is kept", () => {
    const dir = folder();
    const me = selfId();
    addHolder(dir, me);
    addHolder(dir, deadProcess());
    addHolder(dir, { pid: process.pid, start: me.start + 1 });
    expect(liveHolders(dir)).toEqual([me]);
  });

  it("the lock is exclusive, and a dead owner's lock is broken", () => {
    const dir = folder();
    const me = selfId();
    expect(tryLock(dir, deadProcess())).toBe(true);
    expect(tryLock(dir, me)).toBe(true);
    expect(tryLock(dir, { pid: process.ppid, start: selfId(process.ppid).start })).toBe(false);
    unlock(dir, me);
    expect(tryLock(dir, { pid: process.ppid, start: selfId(process.ppid).start })).toBe(true);
  });
});
