import { describe, expect, it } from "vitest";
import { claudeCode, prompt, sessionStart, stop } from "../../test/claude-code.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// Issue 33 §2: `/verify-loop` arms the session that typed it, never another one. Two sessions
// share a repository; every event goes through the hook commands `loop install` wrote.
const A = "9b2e4f6a-1c3d-4e5f-8a7b-6c5d4e3f2a1b";
const C = "3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

function installed() {
  const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
  const install = runCli(repo.dir, ["loop", "install"]);
  expect(install.code, debug(install)).toBe(0);
  return { repo, claude: claudeCode(repo.dir) };
}

const statusOf = (dir: string, session: string) =>
  JSON.parse(runCli(dir, ["loop", "status", "--session", session, "--json"]).stdout) as {
    state?: string;
    session_id: string;
  } | null;

describe("issue 33 §2: /verify-loop arms the session that typed it", () => {
  it("A types /verify-loop, C's SessionStart and prompt land, A's command runs: A is armed, C is not", () => {
    const { repo, claude } = installed();
    expect(claude.event(sessionStart(A, repo.dir)).code).toBe(0);
    expect(claude.event(prompt(A, repo.dir, "/verify-loop --max-iterations 3")).stdout).toBe("");
    // Between A's prompt and A's `loop start`, session C starts and is prompted.
    expect(claude.event(sessionStart(C, repo.dir)).code).toBe(0);
    expect(claude.event(prompt(C, repo.dir, "explain the cart")).code).toBe(0);

    const armed = claude.verifyLoop(A, "--max-iterations 3");
    expect(armed.code, debug(armed)).toBe(0);
    expect(armed.stdout).toContain(`loop started: session ${A}, up to 3 blocked stops`);
    expect(statusOf(repo.dir, A)).toMatchObject({ session_id: A });
    expect(statusOf(repo.dir, A)?.state ?? "active").toBe("active");
    expect(statusOf(repo.dir, C)).toBeNull();

    // A leaves a red change: its stop is blocked. C is not in a loop: its stop is its own.
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
    const blocked = claude.event(stop(A, repo.dir));
    expect(blocked.code, debug(blocked)).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: "block" });
    const other = claude.event(stop(C, repo.dir));
    expect(other.stdout).toBe("");
    expect(other.stderr).toContain(`no loop for session ${C}`);
  });

  it("without a session id, loop start refuses when the latest record is another session's", () => {
    const { repo, claude } = installed();
    claude.event(prompt(A, repo.dir, "/verify-loop"));
    claude.event(sessionStart(C, repo.dir));
    // An agent whose Claude Code does not expand ${CLAUDE_SESSION_ID}: the shell leaves it empty.
    const refused = claude.verifyLoop(A, "", false);
    expect(refused.code, debug(refused)).toBe(2);
    expect(refused.stderr).toContain(
      `the latest hook record is session ${C}'s SessionStart, not a /verify-loop prompt; nothing armed`,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(statusOf(repo.dir, A)).toBeNull();
    expect(statusOf(repo.dir, C)).toBeNull();
  });

  it("without a session id, two sessions' waiting /verify-loop prompts are ambiguous; one alone is armed and named", () => {
    const { repo, claude } = installed();
    claude.event(prompt(A, repo.dir, "/verify-loop"));
    claude.event(prompt(C, repo.dir, "/verify-loop --max-iterations 2"));
    const refused = runCli(repo.dir, ["loop", "start"]);
    expect(refused.code, debug(refused)).toBe(2);
    expect(refused.stderr).toContain(`sessions ${A}, ${C} each typed /verify-loop`);

    const fresh = installed();
    fresh.claude.event(sessionStart(C, fresh.repo.dir));
    fresh.claude.event(prompt(A, fresh.repo.dir, "/verify-loop"));
    const armed = runCli(fresh.repo.dir, ["loop", "start"]);
    expect(armed.code, debug(armed)).toBe(0);
    expect(armed.stdout).toContain(
      `loop started: session ${A} (its /verify-loop prompt, recorded by the hook)`,
    );
  });
});
