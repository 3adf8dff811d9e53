import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  addHolder,
  leaseDir,
  liveHolders,
  tryLock,
  unlock,
  writeRecord,
  type SharedServerRecord,
} from "./lease-dir.js";
import { selfId, type ProcessId } from "./proc.js";
import { IDLE_MS, SWEEP_EVERY_MS, sweepIdleLeases } from "./sweep.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "lease-test-"));
  dirs.push(dir);
  return dir;
}

/** A servers folder inside a throwaway state folder (the sweep writes its marker beside it). */
function serversFolder(): string {
  const servers = join(folder(), "servers");
  mkdirSync(servers);
  return servers;
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

  // A lock is a folder, then its owner file: between writeFileSync's open and its write the
  // file is there and empty. Read as pid 0 (`kill(0, 0)` is this process's own group), that
  // owner counted as dead, and a second process broke a lock just taken: two holders at once
  // (a host stopping the server a runner had just joined: connection refused, then flaky).
  it.each([
    ["empty", ""],
    ["torn", "12"],
    ["not a process id", "not-a-pid"],
    ["pid 0", "0-0"],
  ])(
    "a lock whose owner file is %s counts as being taken, not as dead, until it is 5 s old",
    (_, owner) => {
      const dir = folder();
      mkdirSync(join(dir, "lock"));
      writeFileSync(join(dir, "lock", "owner"), owner);
      const other = { pid: process.ppid, start: selfId(process.ppid).start };
      expect(tryLock(dir, other)).toBe(false);
      const old = new Date(Date.now() - 6000);
      utimesSync(join(dir, "lock"), old, old);
      expect(tryLock(dir, other)).toBe(true);
    },
  );

  it("a stale lock is broken by one process at a time, and a breaker that died holds no one up", () => {
    const dir = folder();
    expect(tryLock(dir, deadProcess())).toBe(true);
    // Another process is breaking it now: this one waits its turn instead of removing it too.
    mkdirSync(join(dir, "lock.break"));
    expect(tryLock(dir, selfId())).toBe(false);
    // That breaker died: its mark goes after 5 s, and the stale lock is broken after all.
    const old = new Date(Date.now() - 6000);
    utimesSync(join(dir, "lock.break"), old, old);
    expect(tryLock(dir, selfId())).toBe(false);
    expect(tryLock(dir, selfId())).toBe(true);
    expect(existsSync(join(dir, "lock.break"))).toBe(false);
  });
});

const NOW = Date.now();

/** A lease folder last changed `ageMs` ago. */
function lease(servers: string, name: string, ageMs: number, fill?: (dir: string) => void) {
  const dir = join(servers, name);
  mkdirSync(join(dir, "holders"), { recursive: true });
  fill?.(dir);
  const when = new Date(NOW - ageMs);
  for (const path of [join(dir, "holders"), join(dir, "lock"), dir]) {
    if (existsSync(path)) utimesSync(path, when, when);
  }
  return dir;
}

function record(host: ProcessId): SharedServerRecord {
  return {
    schema_version: 1,
    url: "http://127.0.0.1:1/health",
    command: "serve",
    cwd: "/",
    host,
    server_pgid: 999_999,
    started_at: new Date(NOW).toISOString(),
  };
}

// Everything in the servers folder: lease folders only (the sweep's marker lives beside it).
const left = (servers: string) => readdirSync(servers).sort();

describe("sweeping idle lease folders", () => {
  it("removes folders idle for an hour with no live server or holder; keeps the rest", () => {
    const servers = serversFolder();
    const old = IDLE_MS + 60_000;
    lease(servers, "empty-old", old);
    lease(servers, "dead-host-old", old, (dir) => {
      writeRecord(dir, record(deadProcess()));
      addHolder(dir, deadProcess());
    });
    lease(servers, "empty-recent", 60_000);
    lease(servers, "live-holder", old, (dir) => addHolder(dir, selfId()));
    lease(servers, "live-host", old, (dir) => writeRecord(dir, record(selfId())));
    lease(servers, "locked-by-live", old, (dir) =>
      tryLock(dir, { pid: process.ppid, start: selfId(process.ppid).start }),
    );
    const keep = lease(servers, "the-callers-own", old);
    sweepIdleLeases(servers, keep, NOW);
    expect(left(servers)).toEqual([
      "empty-recent",
      "live-holder",
      "live-host",
      "locked-by-live",
      "the-callers-own",
    ]);
  });

  it("looks at most every ten minutes per machine", () => {
    const servers = serversFolder();
    sweepIdleLeases(servers, "", NOW);
    lease(servers, "empty-old", IDLE_MS + 60_000);
    sweepIdleLeases(servers, "", NOW + SWEEP_EVERY_MS - 1000);
    expect(left(servers)).toEqual(["empty-old"]);
    sweepIdleLeases(servers, "", NOW + SWEEP_EVERY_MS + 1000);
    expect(left(servers)).toEqual([]);
  });

  it("never follows a symlink in the servers folder", () => {
    const servers = serversFolder();
    // Looks like an idle lease folder (an unknown holder name would be pruned), but is not ours.
    const elsewhere = lease(join(servers, ".."), "elsewhere", IDLE_MS + 60_000, (dir) =>
      writeFileSync(join(dir, "holders", "keep-me"), ""),
    );
    symlinkSync(elsewhere, join(servers, "link"));
    sweepIdleLeases(servers, "", NOW);
    expect(left(servers)).toEqual(["link"]);
    expect(readdirSync(join(elsewhere, "holders"))).toEqual(["keep-me"]);
    expect(existsSync(join(elsewhere, "lock"))).toBe(false);
  });

  it("finishes the removal a sweep that died after its rename left, and never throws", () => {
    const servers = serversFolder();
    lease(servers, ".trash-1-1", IDLE_MS + 60_000);
    sweepIdleLeases(servers, "", NOW);
    expect(left(servers)).toEqual([]);
    expect(() => sweepIdleLeases(join(servers, "missing"), "", NOW)).not.toThrow();
  });
});
