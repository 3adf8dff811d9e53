import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../../test/helpers/cli.js";
import { makeFaultProject } from "../../test/helpers/fault-runner.js";

const project = makeFaultProject();
afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * `verify-manager run` on a real terminal: util-linux `script` gives it a pseudo-terminal
 * (stdin, stdout and stderr all on the pty) and copies what it wrote to our pipe.
 */
function runOnTerminal(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map(quote).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", `stty cols 100; exec ${command}`, "/dev/null"], {
      env: { ...process.env, NO_COLOR: "", TERM: "xterm" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
    child.stdin.end();
  });
}

const CLEAR = "\r\u001b[2K";

describe("verify-manager run's progress", () => {
  it("on a terminal: one live line (done / total, failures so far), failures printed above it", async () => {
    const run = await runOnTerminal([
      "run",
      "pass",
      "fail",
      "crash",
      "--dir",
      project.dir,
      "--jobs",
      "1",
    ]);
    expect(run.code).toBe(1);
    const { output } = run;
    expect(output).toContain(`${CLEAR}[0/3]`);
    expect(output).toContain(`${CLEAR}[1/3] · running: fail`);
    expect(output).toContain("\u001b[31m✘\u001b[0m fail fail at step 'check-cart'");
    expect(output).toContain(`${CLEAR}[3/3]\u001b[31m 2 failed\u001b[0m\r\n`);
    expect(output).toMatch(/1\/3 flows passed\r\n$/);
    expect(output).not.toMatch(/▶|start pass|end pass/);
    // The pty turns each \n into \r\n: a live frame (\r + erase) never ends in a newline but the last.
    const frames = output.split(CLEAR).slice(1, -1);
    for (const frame of frames) expect(frame).not.toMatch(/^\[\d+\/3\][^\n]*\n/);
  });

  it("off a terminal: one line per event, as before", async () => {
    const run = await runCli(["run", "pass", "fail", "--dir", project.dir, "--jobs", "1"]);
    expect(run.code).toBe(1);
    const events = run.stderr.split("\n").filter((line) => /^(start|end) /.test(line));
    expect(events).toEqual([
      "start pass",
      expect.stringMatching(/^end pass pass \(\d+(\.\d+)? ms\)$/),
      "start fail",
      expect.stringMatching(/^end fail fail at step 'check-cart' \(\d+(\.\d+)? ms\)$/),
    ]);
    expect(run.stderr).not.toContain("\u001b[2K");
  });
});
