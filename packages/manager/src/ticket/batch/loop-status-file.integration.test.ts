import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { LoopStatus } from "@agent-verify/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  LoopFileError,
  readLoopStatus,
  STATUS_FILE,
  statusPath,
  writeLoopStatus,
} from "./loop-status-file.js";

function loopStatus(ticketCount = 3, updatedAt = "2025-01-01T00:00:01.000Z"): LoopStatus {
  return {
    schema_version: 1,
    state: "running",
    started_at: "2025-01-01T00:00:00.000Z",
    updated_at: updatedAt,
    selection: { labels: ["verify"], status: "open", limit: 10 },
    halt_reason: null,
    tickets: Array.from({ length: ticketCount }, (_, i) => ({
      id: `bd-${i + 1}`,
      state: i === 0 ? "running" : "pending",
      attempt: i === 0 ? 1 : null,
      reason: null,
      updated_at: updatedAt,
    })),
  };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-status-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const verifyFolder = () => fs.readdirSync(path.join(dir, ".verify")).sort();

function expectLoopFileError(message: string): void {
  let caught: unknown;
  try {
    readLoopStatus(dir);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(LoopFileError);
  expect((caught as LoopFileError).file).toBe(statusPath(dir));
  expect((caught as LoopFileError).message).toBe(message);
}

describe("writeLoopStatus / readLoopStatus", () => {
  it("reads a missing file as null", () => {
    expect(readLoopStatus(dir)).toBeNull();
  });

  it("round-trips a status as pretty JSON and leaves no temp file", () => {
    writeLoopStatus(dir, loopStatus());
    writeLoopStatus(dir, loopStatus(4, "2025-01-01T00:00:02.000Z"));
    expect(readLoopStatus(dir)).toEqual(loopStatus(4, "2025-01-01T00:00:02.000Z"));
    expect(fs.readFileSync(path.join(dir, STATUS_FILE), "utf8")).toContain(
      '\n  "state": "running"',
    );
    expect(verifyFolder()).toEqual(["loop-status.json"]);
  });

  it("refuses an invalid status, keeps the previous file and leaves no temp file", () => {
    writeLoopStatus(dir, loopStatus());
    const bad = { ...loopStatus(), state: "paused" } as unknown as LoopStatus;
    expect(() => writeLoopStatus(dir, bad)).toThrow(/state/);
    expect(readLoopStatus(dir)).toEqual(loopStatus());
    expect(verifyFolder()).toEqual(["loop-status.json"]);
  });

  it("removes the temp file when the rename fails", () => {
    fs.mkdirSync(path.join(dir, STATUS_FILE), { recursive: true });
    fs.writeFileSync(path.join(dir, STATUS_FILE, "keep"), "");
    expect(() => writeLoopStatus(dir, loopStatus())).toThrow();
    expect(verifyFolder()).toEqual(["loop-status.json"]);
  });

  it.each([
    ["not JSON", "{ nope", /^\.verify\/loop-status\.json: not JSON \(.+\)$/],
    ["empty", "", /^\.verify\/loop-status\.json: not JSON \(.+\)$/],
  ])("throws a one-line LoopFileError for a file that is %s", (_label, text, pattern) => {
    fs.mkdirSync(path.join(dir, ".verify"));
    fs.writeFileSync(statusPath(dir), text);
    expect(() => readLoopStatus(dir)).toThrow(pattern);
    expect(() => readLoopStatus(dir)).toThrow(LoopFileError);
  });

  it("names the field path of a schema error", () => {
    const status = loopStatus();
    const bad = {
      ...status,
      tickets: status.tickets.map((t, i) => (i === 2 ? { ...t, state: "odd" } : t)),
    };
    fs.mkdirSync(path.join(dir, ".verify"));
    fs.writeFileSync(statusPath(dir), JSON.stringify(bad));
    expectLoopFileError(
      '.verify/loop-status.json: tickets[2].state: Invalid option: expected one of "pending"|"running"|"passed"|"retry"|"escalated"|"flaky"|"blocked"',
    );
  });

  it("names a missing top-level field", () => {
    const { halt_reason: _dropped, ...rest } = loopStatus();
    fs.mkdirSync(path.join(dir, ".verify"));
    fs.writeFileSync(statusPath(dir), JSON.stringify(rest));
    expectLoopFileError(
      ".verify/loop-status.json: halt_reason: Invalid input: expected string, received undefined",
    );
  });

  it("throws a one-line LoopFileError when the path cannot be read", () => {
    fs.mkdirSync(statusPath(dir), { recursive: true });
    expectLoopFileError(".verify/loop-status.json: cannot be read (EISDIR)");
  });
});

// Reads the file in a tight loop on another thread until told to stop.
const pollerSource = `
const fs = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const stop = new Int32Array(workerData.stop);
const versions = new Set();
let reads = 0;
const failures = [];
parentPort.postMessage("ready");
while (Atomics.load(stop, 0) === 0) {
  reads++;
  try {
    versions.add(JSON.parse(fs.readFileSync(workerData.file, "utf8")).updated_at);
  } catch (error) {
    failures.push(error.message);
  }
}
parentPort.postMessage({ reads, versions: versions.size, failures: failures.slice(0, 3), failed: failures.length });
`;

interface PollReport {
  reads: number;
  versions: number;
  failures: string[];
  failed: number;
}

it("is never observed half-written by a concurrent reader", async () => {
  writeLoopStatus(dir, loopStatus(400));
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(pollerSource, {
    eval: true,
    workerData: { file: statusPath(dir), stop },
  });
  const messages: unknown[] = [];
  let onMessage: () => void = () => {};
  worker.on("message", (message) => {
    messages.push(message);
    onMessage();
  });
  const nextMessage = () =>
    new Promise<void>((resolve) => {
      onMessage = resolve;
    });
  try {
    await nextMessage();
    for (let i = 0; i < 200; i++) {
      writeLoopStatus(dir, loopStatus(400, new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString()));
    }
    const finished = nextMessage();
    Atomics.store(new Int32Array(stop), 0, 1);
    await finished;
  } finally {
    await worker.terminate();
  }
  const report = messages[1] as PollReport;
  expect(report.failures).toEqual([]);
  expect(report.failed).toBe(0);
  // The reader really overlapped the writes: it saw more than one version of the file.
  expect(report.versions).toBeGreaterThan(1);
  expect(verifyFolder()).toEqual(["loop-status.json"]);
});
