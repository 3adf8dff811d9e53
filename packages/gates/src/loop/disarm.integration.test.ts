import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// Issue 48 §1, §2: an agent that wants to end its turn on a red change disarms its loop or
// re-arms it with a cap of 1. Every event goes through the hook commands `loop install` wrote,
// every agent command through the shell Claude Code gives it (CLAUDECODE=1, its session's id).
const A = "6a1d0c3e-2b4f-4c1a-9d8e-7f6a5b4c3d2f";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

/** Installed, A armed (max 4), a red change (a focused test), and one blocked stop. */
function armedRed() {
  const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
  expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
  const claude = claudeCode(repo.dir);
  const armed = claude.verifyLoop(A, "--max-iterations 4");
  expect(armed.code, debug(armed)).toBe(0);
  repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
  const blocked = claude.event(stop(A, repo.dir));
  expect(answer(blocked.stdout).decision, debug(blocked)).toBe("block");
  return { repo, claude };
}

const answer = (stdout: string) =>
  (stdout ? JSON.parse(stdout) : {}) as {
    decision?: string;
    reason?: string;
    systemMessage?: string;
  };
const loopJson = (dir: string) =>
  JSON.parse(runCli(dir, ["loop", "status", "--session", A, "--json"]).stdout) as Record<
    string,
    unknown
  >;

describe("issue 48 §1: loop stop never ends a turn silently", () => {
  it("the agent's loop stop inside its own session is refused, naming escalate; the loop stays armed", () => {
    const { repo, claude } = armedRed();
    const refused = claude.agentRuns(`loop stop --session ${A}`, A);
    expect(refused.code, debug(refused)).toBe(2);
    expect(refused.stderr.trim().split("\n")[0]).toBe(
      `verify-gates: loop stop refused: it runs inside session ${A}, the session this loop gates; if a test or the task is wrong, run verify-gates loop escalate --session ${A} --reason "<why>"`,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    // An agent's shell without the session's id is taken for the gated session too.
    expect(claude.agentRuns(`loop stop --session ${A}`).code).toBe(2);
    expect(loopJson(repo.dir)).toMatchObject({ iteration: 1 });
    expect(loopJson(repo.dir).state ?? "active").toBe("active");
    const next = claude.event(stop(A, repo.dir, true));
    expect(answer(next.stdout).decision, debug(next)).toBe("block");
    // Escalate stays open to the agent: the honest exit.
    const escalated = claude.agentRuns(`loop escalate --session ${A} --reason "spec is wrong"`, A);
    expect(escalated.code, debug(escalated)).toBe(0);
  });

  it("a disarm from outside the session is shown by the next stop, once: who, when, and that the change was red", () => {
    const { repo, claude } = armedRed();
    // The agent sheds its shell's marks: the stop reads as a person's, and is shown to the user.
    const shed = spawnSync(
      "sh",
      ["-c", `env -u CLAUDECODE -u CLAUDE_CODE_SESSION_ID ${claude.bin} loop stop --session ${A}`],
      {
        cwd: repo.dir,
        encoding: "utf8",
        env: { ...process.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: A },
      },
    );
    expect(shed.status, shed.stderr).toBe(0);
    const status = loopJson(repo.dir);
    expect(status).toMatchObject({ state: "disarmed", ended_by: "user" });
    const allowed = claude.event(stop(A, repo.dir, true));
    expect(allowed.code, debug(allowed)).toBe(0);
    const shown = answer(allowed.stdout);
    expect(shown.decision).toBeUndefined();
    expect(shown.systemMessage).toBe(
      `verify-gates: the verify loop of session ${A} was disarmed at ${String(status.ended_at)} by a person in another shell (loop stop); the change was red at its last check (gates fail, 1 of 4 blocked stops). This turn ended unverified.`,
    );
    // Shown once: the stop after it is the session's own again.
    const later = claude.event(stop(A, repo.dir));
    expect(later.stdout, debug(later)).toBe("");
    expect(loopJson(repo.dir).pending_notice).toBeUndefined();
  });

  it("a restart (stop, then start) shows the disarm at the new loop's first stop", () => {
    const { repo, claude } = armedRed();
    expect(runCli(repo.dir, ["loop", "stop", "--session", A]).code).toBe(0);
    const again = claude.verifyLoop(A, "--max-iterations 1");
    expect(again.code, debug(again)).toBe(0);
    const first = answer(claude.event(stop(A, repo.dir)).stdout);
    expect(first.decision).toBe("block");
    expect(first.reason?.split("\n")[0]).toMatch(
      new RegExp(
        `^verify-gates: the verify loop of session ${A} was disarmed at \\S+ by a person in another shell \\(loop stop\\); the change was red at its last check`,
      ),
    );
  });

  it("a person at the agent's terminal confirms the stop: disarmed, and the next stop says so", () => {
    const { repo, claude } = armedRed();
    // `script` gives the command a terminal, as a person's `!` command in Claude Code would have.
    const confirmed = spawnSync(
      "script",
      ["-qec", `${claude.bin} loop stop --session ${A}`, "/dev/null"],
      {
        cwd: repo.dir,
        encoding: "utf8",
        input: "yes\n",
        env: { ...process.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: A },
      },
    );
    expect(confirmed.status, confirmed.stdout + confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toContain(`Disarm the verify loop of session ${A}?`);
    expect(loopJson(repo.dir)).toMatchObject({ state: "disarmed", ended_by: "user" });
    const shown = answer(claude.event(stop(A, repo.dir, true)).stdout);
    expect(shown.systemMessage).toContain(
      "by a command inside the gated session, confirmed by a person at its terminal (loop stop)",
    );
  });
});

describe("issue 48 §2: re-arming never lowers the cap nor resets the count", () => {
  it("loop start with --max-iterations 1 during an armed loop keeps iteration and cap; a higher cap raises it", () => {
    const { repo, claude } = armedRed();
    const rearmed = claude.verifyLoop(A, "--max-iterations 1");
    expect(rearmed.code, debug(rearmed)).toBe(0);
    expect(rearmed.stdout).toBe(
      `loop already armed: session ${A} goes on at iteration 1, its cap of 4 kept (a re-arm never lowers it: --max-iterations 1 ignored); its oracle, base and task are the ones it was armed with\n`,
    );
    const next = answer(claude.event(stop(A, repo.dir, true)).stdout);
    expect(next.decision).toBe("block");
    expect(next.reason).toContain("iteration 2 of 4");
    expect(loopJson(repo.dir)).toMatchObject({ iteration: 2, max_iterations: 4 });

    const raised = claude.verifyLoop(A, "--max-iterations 9");
    expect(raised.stdout).toContain("goes on at iteration 2, its cap raised to 9");
    expect(loopJson(repo.dir)).toMatchObject({ iteration: 2, max_iterations: 9 });
  });
});
