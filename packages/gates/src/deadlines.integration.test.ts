import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { BIN, debug, makeRepo, runCli } from "../test/fixture.js";
import { eventually as until, isRunning as alive } from "../test/processes.js";

// A test command that hangs, ignoring SIGTERM, with a child that ignores it too.
const HANG = `trap '' TERM\nsh -c "trap '' TERM; sleep 120" &\necho $! > "$HANG_PID"\nwait\n`;

function hangingRepo(extraConfig = "") {
  return makeRepo({
    "hang.sh": HANG,
    ".verify/gates.yaml": `commands:\n  test: sh hang.sh\n${extraConfig}`,
  });
}

describe("every command gates runs has a deadline", () => {
  it("a test command past timeouts.test_s → exit 2 naming the command and the limit; its group is gone", async () => {
    const repo = hangingRepo("timeouts:\n  test_s: 1\n");
    const pidFile = join(repo.dir, "hang.pid");
    const result = runCli(repo.dir, ["--only", "tests"], { HANG_PID: pidFile });
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain(
      "tests: 'sh hang.sh' did not finish within 1 s (its process group was killed)",
    );
    expect(result.stdout).toContain("raise timeouts.test_s in .verify/gates.yaml");
    const child = Number(readFileSync(pidFile, "utf8"));
    expect(await until(() => !alive(child))).toBe(true);
  });

  it("a judge past timeouts.judge_s → exit 1, needs a human, naming it (no verdict is not a pass)", () => {
    const repo = makeRepo({
      ".verify/gates.yaml": "judge:\n  command: sleep 30\ntimeouts:\n  judge_s: 1\n",
    });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    const result = runCli(repo.dir, ["--only", "judge"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.stdout).toContain("NEEDS HUMAN");
    expect(result.stdout).toContain("the judge command 'sleep 30' did not finish within 1 s");
  });

  it("a git command past VERIFY_GATES_GIT_TIMEOUT_S → exit 2 naming it", () => {
    const repo = makeRepo();
    const bin = mkdtempSync(join(tmpdir(), "gates-slow-git-"));
    // git itself cannot be made to hang on demand: this one does for `ls-files` only.
    writeFileSync(
      join(bin, "git"),
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = ls-files ] && exec sleep 30; done\nexec /usr/bin/git "$@"\n`,
    );
    chmodSync(join(bin, "git"), 0o755);
    const result = runCli(repo.dir, ["--only", "floor"], {
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      VERIFY_GATES_GIT_TIMEOUT_S: "1",
    });
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toMatch(/'git ls-files [^']*' did not finish within 1 s \(killed\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

// The same, but the hanging child leaves the command's process group for a session of its own.
const ESCAPE = `trap '' TERM\nsetsid sh -c "trap '' TERM; sleep 120" &\necho $! > "$HANG_PID"\nwait\n`;

/** Start verify-gates on a test command that hangs, send it `signal` once the child is up. */
async function signalWhileHanging(signal: NodeJS.Signals, script = HANG) {
  const repo = makeRepo({
    "hang.sh": script,
    ".verify/gates.yaml": "commands:\n  test: sh hang.sh\n",
  });
  const pidFile = join(repo.dir, "hang.pid");
  const gates = spawn(process.execPath, [BIN, "--only", "tests"], {
    cwd: repo.dir,
    env: { ...process.env, BASE: "", HANG_PID: pidFile, VERIFY_GATES_REAPER_GRACE_MS: "200" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  gates.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => gates.on("exit", resolve));
  expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "")).toBe(true);
  const child = Number(readFileSync(pidFile, "utf8"));
  // A failing run leaves nothing behind either (the child, and its group if it leads one).
  onTestFinished(() => {
    for (const target of [child, -child]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Gone already, as it should be.
      }
    }
  });
  expect(alive(child)).toBe(true);
  gates.kill(signal);
  const code = await exited;
  return { code, stderr, child };
}

describe("no command outlives verify-gates", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`${signal} to verify-gates while a test command hangs: the command's whole group dies`, async () => {
      const { code, stderr, child } = await signalWhileHanging(signal);
      if (signal === "SIGTERM") {
        expect(code).toBe(2);
        expect(stderr).toContain("verify-gates: interrupted by SIGTERM");
      }
      expect(await until(() => !alive(child))).toBe(true);
    });
  }

  // The reaper learns a group from verify-gates only after spawn() returns there; on a loaded
  // machine the command ran, and verify-gates was SIGKILLed, before that (1 run in 6-12 beside
  // six busy loops): its group lived on. A child that is in no listed group at all is the same
  // case, made certain: the reaper finds it by the run's mark in its environment.
  it("SIGKILL to verify-gates: a child in a session of its own, in no listed group, dies too", async () => {
    const { child } = await signalWhileHanging("SIGKILL", ESCAPE);
    expect(await until(() => !alive(child))).toBe(true);
  });
});
