import { createHash } from "node:crypto";
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { isRunning, type ProcessId } from "./proc.js";

/**
 * The record of one shared web server, next to the leases of the processes using it.
 * Every runner and manager on this machine that uses the server at `url` meets in the
 * same folder, whichever checkout it runs from: the port is what they share.
 */
export interface SharedServerRecord {
  schema_version: 1;
  url: string;
  command: string;
  cwd: string;
  /** The host process that watches the leases (see host.ts). */
  host: ProcessId;
  /** The server's own process group. */
  server_pgid: number;
  started_at: string;
}

function uid(): string {
  try {
    return String(userInfo().uid);
  } catch {
    return "user";
  }
}

/** `<tmp>/agent-verify-<uid>/servers/<hash of the url>`, or under VERIFY_STATE_DIR. */
export function leaseDir(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.VERIFY_STATE_DIR || join(tmpdir(), `agent-verify-${uid()}`);
  const key = createHash("sha256").update(url).digest("hex").slice(0, 16);
  return join(root, "servers", key);
}

export const recordPath = (dir: string) => join(dir, "server.json");
export const logPath = (dir: string) => join(dir, "server.log");
const holdersDir = (dir: string) => join(dir, "holders");
const holderFile = (dir: string, id: ProcessId) => join(holdersDir(dir), `${id.pid}-${id.start}`);

// Zod-free on purpose: this runs on every flow start. The record is only ever written
// by this module, so a shape check is enough; anything else counts as no record.
function isRecord(value: unknown): value is SharedServerRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<SharedServerRecord>;
  return (
    record.schema_version === 1 &&
    typeof record.url === "string" &&
    typeof record.server_pgid === "number" &&
    typeof record.host?.pid === "number" &&
    typeof record.host.start === "number"
  );
}

export function readRecord(dir: string): SharedServerRecord | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(recordPath(dir), "utf8"));
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeRecord(dir: string, record: SharedServerRecord): void {
  const temp = `${recordPath(dir)}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(record)}\n`);
  renameSync(temp, recordPath(dir));
}

export function removeRecord(dir: string): void {
  rmSync(recordPath(dir), { force: true });
}

export function addHolder(dir: string, id: ProcessId): void {
  mkdirSync(holdersDir(dir), { recursive: true });
  writeFileSync(holderFile(dir, id), "");
}

export function removeHolder(dir: string, id: ProcessId): void {
  rmSync(holderFile(dir, id), { force: true });
}

/** The processes holding a lease now; leases of processes that died (kill -9) are removed. */
export function liveHolders(dir: string): ProcessId[] {
  let names: string[];
  try {
    names = readdirSync(holdersDir(dir));
  } catch {
    return [];
  }
  const live: ProcessId[] = [];
  for (const name of names) {
    const match = /^(\d+)-(\d+)$/.exec(name);
    const id = match ? { pid: Number(match[1]), start: Number(match[2]) } : undefined;
    if (id && isRunning(id)) live.push(id);
    else rmSync(join(holdersDir(dir), name), { force: true });
  }
  return live;
}

const lockDir = (dir: string) => join(dir, "lock");
const STALE_OWNERLESS_LOCK_MS = 5000;

/**
 * The lock's owner, or undefined while it is not (yet) signed: the owner file is written after
 * the folder is made, and between writeFileSync's open and its write it is there and empty. A
 * half-read or unparsable owner read as a process id (`""` is pid 0, and `kill(0, 0)` signals
 * this process's own group) counted as dead, and a lock just taken was broken under its owner.
 */
function lockOwner(dir: string): ProcessId | undefined {
  let text: string;
  try {
    text = readFileSync(join(lockDir(dir), "owner"), "utf8");
  } catch {
    return undefined;
  }
  const match = /^([1-9]\d*)-(\d+)$/.exec(text.trim());
  return match ? { pid: Number(match[1]), start: Number(match[2]) } : undefined;
}

function isOlderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

function lockIsStale(dir: string): boolean {
  const owner = lockOwner(dir);
  if (owner) return !isRunning(owner);
  // Created but not yet signed (or its owner died in between): stale after a while.
  return isOlderThan(lockDir(dir), STALE_OWNERLESS_LOCK_MS);
}

/**
 * Remove a stale lock, one breaker at a time: two processes that both found it stale and
 * both removed it would have had the second remove the lock the first had just taken. Under
 * `lock.break` the staleness is judged again, so only the stale lock itself is ever removed.
 */
function breakStaleLock(dir: string): void {
  const breaking = join(dir, "lock.break");
  try {
    mkdirSync(breaking);
  } catch {
    // Another process is breaking it (or died doing so: its mark goes after a while).
    if (isOlderThan(breaking, STALE_OWNERLESS_LOCK_MS))
      rmSync(breaking, { recursive: true, force: true });
    return;
  }
  try {
    if (lockIsStale(dir)) rmSync(lockDir(dir), { recursive: true, force: true });
  } finally {
    rmSync(breaking, { recursive: true, force: true });
  }
}

/** Take the folder's lock once: true when taken. A lock whose owner died is broken. */
export function tryLock(dir: string, id: ProcessId): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    mkdirSync(lockDir(dir));
  } catch {
    if (!lockIsStale(dir)) return false;
    breakStaleLock(dir);
    try {
      mkdirSync(lockDir(dir));
    } catch {
      return false;
    }
  }
  writeFileSync(join(lockDir(dir), "owner"), `${id.pid}-${id.start}`);
  return true;
}

export function unlock(dir: string, id: ProcessId): void {
  const owner = lockOwner(dir);
  if (owner && owner.pid === id.pid && owner.start === id.start) {
    rmSync(lockDir(dir), { recursive: true, force: true });
  }
}

/** Wait for the lock until `deadline` (epoch ms); false when it never came. */
export async function lock(dir: string, id: ProcessId, deadline: number): Promise<boolean> {
  for (;;) {
    if (tryLock(dir, id)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((done) => setTimeout(done, 50));
  }
}
