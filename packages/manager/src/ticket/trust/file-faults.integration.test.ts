import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { runCli, type CliRun } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { MemoryTracker } from "../../../test/helpers/memory-tracker.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { ManagerError } from "../../errors.js";
import { writeLoopStatus } from "../batch/loop-status-file.js";
import { verifyTicket } from "../verify-ticket.js";
import type { FileLayer } from "./file-layer.js";

// Faults of the loop's own files: one line naming the path and a fix, exit 2, no stack
// trace, and the log, the status file and the tracker exactly as they were.

let tracker: TempTracker;
const projects: FaultProject[] = [];
beforeAll(() => {
  tracker = makeTracker();
});
afterAll(() => {
  for (const project of projects) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
  tracker.cleanup();
});

function project(): FaultProject {
  const made = makeFaultProject({ timeoutS: 3 });
  projects.push(made);
  return made;
}

const cli = (dir: string, args: string[]) =>
  runCli([...args, "--dir", dir], {
    env: { ...tracker.env, VERIFY_TIMEOUT_GRACE_MS: "500", VERIFY_KILL_GRACE_MS: "1000" },
  });

function expectOneLine(run: CliRun, pattern: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
}

/**
 * Make `.verify/` really read-only: a read-only bind mount when we are root (root writes
 * through any mode bits), else mode 0555. Returns the undo.
 */
function makeReadOnly(folder: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync("mount", ["--bind", folder, folder]);
    execFileSync("mount", ["-o", "remount,bind,ro", folder]);
    return () => execFileSync("umount", [folder]);
  }
  chmodSync(folder, 0o555);
  return () => chmodSync(folder, 0o755);
}

describe("the loop's files, faulty (real bd, CLI)", () => {
  it("a log.jsonl that is a directory", async () => {
    const app = project();
    const id = tracker.create("log is a dir", "Verify:\n- fail\n");
    mkdirSync(join(app.dir, ".verify", "log.jsonl"));
    for (const args of [["issue", id], ["issues"], ["log", id]]) {
      expectOneLine(
        await cli(app.dir, args),
        /^verify-manager: cannot (write|read) \.verify\/log\.jsonl: it is a directory; fix: remove or rename/,
      );
    }
    const after = tracker.showWithComments(id);
    expect(after.comments).toEqual([]);
    expect(after.status).toBe("open");
  });

  it("a read-only .verify/: issue and issues refuse before running anything; log and tracker unchanged", async () => {
    const app = project();
    const id = tracker.create("read-only", "Verify:\n- fail\n");
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    const log = join(app.dir, ".verify", "log.jsonl");
    const before = readFileSync(log);
    const comments = tracker.comments(id).length;
    const undo = makeReadOnly(join(app.dir, ".verify"));
    try {
      expectOneLine(
        await cli(app.dir, ["issue", id]),
        /^verify-manager: cannot write \.verify(\/log\.jsonl)?: (read-only file system|permission denied); fix: /,
      );
      expectOneLine(
        await cli(app.dir, ["issues"]),
        /^verify-manager: cannot write \.verify(\/log\.jsonl)?: (read-only file system|permission denied); fix: /,
      );
      // Reading still works.
      expect((await cli(app.dir, ["log", id])).code).toBe(0);
    } finally {
      undo();
    }
    expect(readFileSync(log).equals(before)).toBe(true);
    expect(tracker.comments(id)).toHaveLength(comments);
  });
});

/** A disk that fills after `room` more bytes: a write past it fails with ENOSPC, like the kernel's. */
function fullDisk(room: number): FileLayer {
  let left = room;
  return {
    writeSync(fd, buffer, offset, length) {
      if (left <= 0)
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
          code: "ENOSPC",
        });
      const n = Math.min(left, length);
      left -= n;
      return writeSync(fd, buffer, offset, n);
    },
    fsyncSync: () => {},
  };
}

describe("a full disk (ENOSPC injected through the file layer)", () => {
  it.each([0, 100])(
    "the log append fails after %i bytes: one line, the log's bytes and the tracker unchanged",
    async (room) => {
      const app = project();
      const memory = new MemoryTracker();
      const verify = (files?: FileLayer) =>
        verifyTicket({
          dir: app.dir,
          id,
          tracker: memory,
          files,
          warn: () => {},
          timeoutGraceMs: 500,
          killGraceMs: 1000,
        });
      const id = memory.create({ description: "Verify:\n- fail\n" });
      await verify();
      const log = join(app.dir, ".verify", "log.jsonl");
      const before = readFileSync(log);
      const writes = memory.writes.length;
      const error = await verify(fullDisk(room)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ManagerError);
      expect((error as ManagerError).message).toBe(
        "cannot write .verify/log.jsonl: no space left on device; fix: free disk space, then run again",
      );
      expect(readFileSync(log).equals(before)).toBe(true);
      expect(memory.writes).toHaveLength(writes);
      // Space again: the next run makes the attempt that could not be logged.
      expect((await verify()).attempt).toBe(2);
    },
  );

  it("the status file write fails: one line, the old status file kept whole", () => {
    const app = project();
    const status = {
      schema_version: 1 as const,
      state: "running" as const,
      started_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-01T00:00:00.000Z",
      selection: { labels: [], status: "open", limit: 0 },
      halt_reason: null,
      tickets: [],
    };
    writeLoopStatus(app.dir, status);
    const file = join(app.dir, ".verify", "loop-status.json");
    const before = readFileSync(file);
    expect(() =>
      writeLoopStatus(app.dir, { ...status, state: "done" }, { files: fullDisk(10) }),
    ).toThrow(
      "cannot write .verify/loop-status.json: no space left on device; fix: free disk space, then run again",
    );
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
