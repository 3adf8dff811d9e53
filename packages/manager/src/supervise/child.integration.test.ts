import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";
import { runGatesCommand } from "../ticket/collect/gates-command.js";
import { runChild } from "./child.js";

// The manager's one process helper, through its API: one result shape for a shell command
// line and for a program with arguments; the group is killed as a whole; timers hold.

const marker = `vmchild${randomBytes(6).toString("hex")}`;
const dir = mkdtempSync(join(tmpdir(), "vm-child-"));
/** A process that ignores SIGTERM from its first instant, named by the marker in its argv. */
const STUBBORN = `bash -c 'trap "" TERM; exec -a ${marker} sleep 30'`;

afterAll(() => {
  killMarked(marker);
  rmSync(dir, { recursive: true, force: true });
});

describe("runChild", () => {
  it("runs a program with arguments, no shell: nothing is interpreted", async () => {
    const result = await runChild({
      command: "node",
      args: ["-e", "console.log(process.argv.slice(1).join('|'))", "$HOME", "a b", "; ls"],
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(result).toMatchObject({
      exitCode: 0,
      signal: null,
      timedOut: false,
      isTerminated: false,
      terminationReason: "exit",
      stdout: "$HOME|a b|; ls\n",
      spawnError: null,
      spawnErrorCode: null,
    });
    // Described for messages as a shell would read it.
    expect(result.command).toMatch(/^node '-e' '.+' '\$HOME' 'a b' '; ls'$/);
  });

  it("a program that does not exist: spawn_error with its errno code", async () => {
    const result = await runChild({
      command: join(dir, "no-such-program"),
      args: [],
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(result).toMatchObject({
      terminationReason: "spawn_error",
      spawnErrorCode: "ENOENT",
      exitCode: null,
    });
  });

  it("a timeout a timer cannot hold does not fire at once (Node would fire it after 1 ms)", async () => {
    const result = await runChild({
      command: "sleep 0.3; echo done",
      cwd: dir,
      timeoutMs: 3_000_000_000,
      killGraceMs: 3_000_000_000,
    });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: "done\n" });
  });

  it("on timeout the whole group goes, SIGKILL after the grace for what ignores SIGTERM", async () => {
    const result = await runChild({
      command: `${STUBBORN} & ${STUBBORN}`,
      cwd: dir,
      timeoutMs: 500,
      killGraceMs: 300,
    });
    expect(result).toMatchObject({ timedOut: true, terminationReason: "timeout" });
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("children that run at once share one watchdog, which holds nothing of an ended child", async () => {
    // The watchdog's argv names the process it guards.
    const watchdogs = () => processesWithMarker(`watchdog.js ${process.pid}`);
    const runs = [1, 2, 3].map(() => runChild({ command: "sleep 1", cwd: dir, timeoutMs: 30_000 }));
    await sleep(300);
    expect(watchdogs()).toHaveLength(1);
    const results = await Promise.all(runs);
    expect(results.map((r) => r.exitCode)).toEqual([0, 0, 0]);
    await runChild({ command: "true", cwd: dir, timeoutMs: 30_000 });
    expect(watchdogs()).toHaveLength(1);
  });

  it("a process that exits after its children ended leaves no watchdog behind", async () => {
    // A process that runs two children to their end, then exits.
    const script = join(dir, "uses-run-child.mjs");
    const childModule = new URL("../../dist/supervise/child.js", import.meta.url).href;
    writeFileSync(
      script,
      [
        `import { runChild } from ${JSON.stringify(childModule)};`,
        `await runChild({ command: "true", cwd: ${JSON.stringify(dir)}, timeoutMs: 30000 });`,
        `await runChild({ command: "true", cwd: ${JSON.stringify(dir)}, timeoutMs: 30000 });`,
        `console.log(process.pid);`,
      ].join("\n"),
    );
    const result = await runChild({ command: "node", args: [script], cwd: dir, timeoutMs: 30_000 });
    expect(result.exitCode).toBe(0);
    const pid = result.stdout.trim();
    expect(pid).toMatch(/^\d+$/);
    const mine = () => processesWithMarker(`watchdog.js ${pid}`);
    const deadline = Date.now() + 10_000;
    while (mine().length > 0 && Date.now() < deadline) await sleep(50);
    expect(mine()).toEqual([]);
  });
});

describe("a gates command that hangs and ignores SIGTERM", () => {
  it("is a setup error at its deadline, and its whole group is SIGKILLed after the grace", async () => {
    const evidence = await runGatesCommand({
      dir,
      command: `${STUBBORN} & ${STUBBORN}; true`,
      timeoutMs: 300,
    });
    expect(evidence.failures.setup_error).toMatch(/^gates: timed out after \d+ ms$/);
    expect(processesWithMarker(marker)).toEqual([]);
  });
});

describe("graces from the environment", () => {
  it("one that a timer cannot hold is refused with one line naming it, exit 2", async () => {
    const project = makeFaultProject();
    try {
      for (const name of ["VERIFY_KILL_GRACE_MS", "VERIFY_TIMEOUT_GRACE_MS"]) {
        const result = await runCli(["run", "pass", "--dir", project.dir], {
          env: { ...process.env, [name]: "3000000000" },
        });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe("");
        expect(result.stderr.split("\n")[0]).toBe(
          `verify-manager: ${name}="3000000000": expected a whole number of milliseconds from 0 to 2147483647`,
        );
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    } finally {
      rmSync(project.dir, { recursive: true, force: true });
    }
  });
});
