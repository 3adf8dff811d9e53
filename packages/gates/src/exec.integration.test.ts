import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, isRunning } from "../test/processes.js";
import { exec } from "./exec.js";

describe("exec: one deadline-aware process helper", () => {
  it("reports an ordinary exit in the execa-like shape", async () => {
    const result = await exec("sh", ["-c", "echo out; echo err >&2; exit 3"], { cwd: tmpdir() });
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      timedOut: false,
      isTerminated: false,
      terminationReason: "exit",
      stdout: "out\n",
      stderr: "err\n",
      spawnError: undefined,
    });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it("a program that cannot start is a spawn error, not a throw", async () => {
    const result = await exec("no-such-program-anywhere", [], { cwd: tmpdir() });
    expect(result.terminationReason).toBe("spawn_error");
    expect(result.spawnError?.code).toBe("ENOENT");
  });

  it("past the deadline the whole group dies, a child that ignores SIGTERM included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gates-exec-"));
    const pidFile = join(dir, "child.pid");
    // The shell ignores SIGTERM and so does its background child: only SIGKILL ends them.
    const script = `trap '' TERM; sh -c "trap '' TERM; sleep 60" & echo $! > ${pidFile}; wait`;
    const result = await exec("sh", ["-c", script], { cwd: dir, timeoutMs: 300, graceMs: 200 });
    expect(result.timedOut).toBe(true);
    expect(result.terminationReason).toBe("timeout");
    expect(result.signal).toBe("SIGKILL");
    expect(result.timeoutMs).toBe(300);
    const child = Number(readFileSync(pidFile, "utf8"));
    expect(await eventually(() => !isRunning(child))).toBe(true);
  });

  it("what a program leaves behind in its group is taken down when it exits", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gates-exec-"));
    const pidFile = join(dir, "child.pid");
    // The leftover holds stdout open: without the group kill, `close` would never come.
    const result = await exec("sh", ["-c", `sleep 60 & echo $! > ${pidFile}; exit 0`], {
      cwd: dir,
      graceMs: 100,
    });
    expect(result.exitCode).toBe(0);
    expect(existsSync(pidFile)).toBe(true);
    const child = Number(readFileSync(pidFile, "utf8"));
    expect(await eventually(() => !isRunning(child))).toBe(true);
  });
});
