import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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

describe("no command outlives verify-gates", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`${signal} to verify-gates while a test command hangs: the command's whole group dies`, async () => {
      const repo = hangingRepo();
      const pidFile = join(repo.dir, "hang.pid");
      const gates = spawn(process.execPath, [BIN, "--only", "tests"], {
        cwd: repo.dir,
        env: { ...process.env, BASE: "", HANG_PID: pidFile, VERIFY_GATES_REAPER_GRACE_MS: "200" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      gates.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => gates.on("exit", resolve));
      expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "")).toBe(
        true,
      );
      const child = Number(readFileSync(pidFile, "utf8"));
      expect(alive(child)).toBe(true);
      gates.kill(signal);
      const code = await exited;
      if (signal === "SIGTERM") {
        expect(code).toBe(2);
        expect(stderr).toContain("verify-gates: interrupted by SIGTERM");
      }
      expect(await until(() => !alive(child))).toBe(true);
    });
  }
});
