import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { removeStaleFiles } from "../supervise/stale-files.js";
import { basename, dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  currentProcess,
  isAlive,
  parseProcessId,
  type ProcessId,
} from "../supervise/process-alive.js";

/** Set in each bd write's environment: names the write before bd has a pid to record. */
export const PENDING_WRITE_ENV = "VERIFY_MANAGER_TRACKER_WRITE";

interface WriteRecord {
  token: string | null;
  /** null when the manager died between starting bd and recording its pid. */
  process: ProcessId | null;
}

function readRecord(file: string): WriteRecord | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  let token: unknown;
  try {
    token = (JSON.parse(text) as { token?: unknown }).token;
  } catch {
    return null;
  }
  return { token: typeof token === "string" ? token : null, process: parseProcessId(text) };
}

/** Whether a live process carries the write's token (Linux; elsewhere none is found). */
function hasProcessWithToken(token: string): boolean {
  const entry = `${PENDING_WRITE_ENV}=${token}`;
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return false;
  }
  return names.some((name) => {
    try {
      // A zombie's environ reads empty: only running processes match.
      return (
        /^\d+$/.test(name) &&
        readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(entry)
      );
    } catch {
      return false;
    }
  });
}

function isRunning(record: WriteRecord): boolean {
  if (record.process !== null) return isAlive(record.process);
  return record.token !== null && hasProcessWithToken(record.token);
}

/**
 * The bd write in flight, named in a small file. A manager killed with SIGKILL leaves its
 * bd child running; the next manager waits for that bd to finish before reading the
 * tracker, so it sees the write and never makes it a second time. The file is written
 * before bd starts (a token bd carries in its environment) and again with bd's pid, each
 * time atomically, so a kill at any point leaves a record the next manager can follow.
 */
export class PendingWrite {
  constructor(private readonly file: string) {}

  /** Before starting bd: returns the token to put in its environment (PENDING_WRITE_ENV). */
  begin(): string {
    const token = randomBytes(8).toString("hex");
    this.write({ token });
    return token;
  }

  /** bd has a pid: waiting on it is cheaper and portable. */
  record(token: string, pid: number): void {
    this.write({ token, ...currentProcess(pid) });
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }

  /** Wait (at most timeoutMs) for a write a previous manager left running, then forget it. */
  async settle(timeoutMs: number): Promise<void> {
    const record = readRecord(this.file);
    if (record !== null) {
      const deadline = Date.now() + timeoutMs;
      while (isRunning(record) && Date.now() < deadline) await sleep(50);
    }
    this.clear();
    this.removeTempFiles();
  }

  private write(record: object): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(record));
    renameSync(temp, this.file);
  }

  /** A manager killed between writing and renaming leaves its temp file. */
  private removeTempFiles(): void {
    const name = basename(this.file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    removeStaleFiles(dirname(this.file), new RegExp(`^${name}\\.(\\d+)\\.tmp$`));
  }
}
