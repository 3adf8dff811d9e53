import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { currentProcess, isAlive, parseProcessId } from "../supervise/process-alive.js";

function readRecord(file: string) {
  try {
    return parseProcessId(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * The bd write in flight, named in a small file. A manager killed with SIGKILL leaves its
 * bd child running; the next manager waits for that bd to finish before reading the
 * tracker, so it sees the write and never makes it a second time.
 */
export class PendingWrite {
  constructor(private readonly file: string) {}

  record(pid: number): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(currentProcess(pid)));
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }

  /** Wait (at most timeoutMs) for a write a previous manager left running, then forget it. */
  async settle(timeoutMs: number): Promise<void> {
    const record = readRecord(this.file);
    if (record !== null) {
      const deadline = Date.now() + timeoutMs;
      while (isAlive(record) && Date.now() < deadline) await sleep(50);
    }
    this.clear();
  }
}
