import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// Issue 34 §3: an agent that believes a test is wrong has an honest way out that is not a pass.
const A = "0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

describe("issue 34 §3: loop escalate, the honest way out", () => {
  it("a red stop names escalate; escalating ends the loop needs_human with the reason and evidence, and the next stop is allowed", () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
    const claude = claudeCode(repo.dir);
    expect(claude.verifyLoop(A).code).toBe(0);
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));

    const blocked = claude.event(stop(A, repo.dir));
    const reason = (JSON.parse(blocked.stdout) as { reason: string }).reason;
    expect(reason).toContain(
      `verify-gates loop escalate --session ${A} --reason "<why>" to hand it to a human`,
    );

    const why = "the focused test is the spec's own example; it must stay focused";
    const escalated = claude.agentRuns(`loop escalate --session ${A} --reason "${why}"`);
    expect(escalated.code, debug(escalated)).toBe(0);
    expect(escalated.stdout).toContain(`session ${A} ended needs_human (not verified): ${why}`);

    const status = JSON.parse(
      runCli(repo.dir, ["loop", "status", "--session", A, "--json"]).stdout,
    ) as Record<string, string>;
    expect(status).toMatchObject({ state: "needs_human", ended_by: "agent", end_reason: why });
    expect(status.last_summary).toContain("src/math.test.ts:4 [floor/");

    const next = claude.event(stop(A, repo.dir, true));
    expect(next.code, debug(next)).toBe(0);
    expect(next.stdout).toBe("");
    expect(next.stderr).toContain(`ended needs_human (by the agent)`);

    const log = repo
      .read(".verify/agent-loop.log.jsonl")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { outcome: string; reason?: string; gates_status: string });
    expect(log.at(-1)).toMatchObject({ outcome: "needs_human", reason: why, gates_status: "fail" });

    // The manager's seam: every gates report names the loop, so the ticket goes to a human.
    const report = runCli(repo.dir, ["--json"]).report;
    expect(report?.agent_loop).toMatchObject({
      session_id: A,
      state: "needs_human",
      ended_by: "agent",
      reason: why,
    });
    expect(report?.agent_loop?.last_summary).toContain("src/math.test.ts:4 [floor/");
  });

  it("escalate needs a reason and an active loop: one line each, exit 2", () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const bare = runCli(repo.dir, ["loop", "escalate", "--session", A]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe("verify-gates: loop escalate: --reason is required\n");
    const none = runCli(repo.dir, ["loop", "escalate", "--session", A, "--reason", "wrong test"]);
    expect(none.code).toBe(2);
    expect(none.stderr.trim().split("\n")[0]).toBe(
      `verify-gates: no active loop for session ${A} to escalate`,
    );
  });
});
