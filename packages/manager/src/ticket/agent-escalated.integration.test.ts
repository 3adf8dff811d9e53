import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CART, GATES_BIN, makeAppRepo, type AppRepo } from "../../test/helpers/app-repo.js";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { readTicketLog } from "./record/verify-log-read.js";

// Issue 34 §3: a loop the coding agent escalated (`verify-gates loop escalate`) is never
// verified: real git repo, real verify-gates loop, real bd, the manager's `issue` command.
const SESSION = "5a4b3c2d-1e0f-4a5b-8c7d-6e5f4a3b2c1d";
const WHY = "the cart test expects 4 items for 3; the spec says 3";
let tracker: TempTracker;
let app: AppRepo;

beforeAll(() => {
  tracker = makeTracker();
  app = makeAppRepo({ gates: true });
});
afterAll(() => {
  tracker.cleanup();
  app.cleanup();
});

const gatesCli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync(process.execPath, [GATES_BIN, ...args], {
    cwd: app.dir,
    env: { ...tracker.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

describe("a ticket whose agent loop ended needs_human (real gates loop, real bd)", () => {
  it("is not verified though gates pass: escalated to a human with the agent's reason, logged not verified", async () => {
    app.write("src/cart.js", FIXED_CART);
    app.commit("fix the count");
    gatesCli(["loop", "start", "--session", SESSION]);
    gatesCli(["loop", "escalate", "--session", SESSION, "--reason", WHY], { CLAUDECODE: "1" });

    const id = tracker.create("Fix the cart count", "Verify:\n- gates\n");
    const run = await runCli(["issue", id, "--dir", app.dir], { env: tracker.env });
    expect(run.code, run.stderr).not.toBe(0);

    const issue = tracker.showWithComments(id);
    expect(issue.status).not.toBe("closed");
    expect(issue.status).toBe("blocked");
    expect(issue.labels).toContain("needs-human");
    const comment = issue.comments.at(-1)?.text ?? "";
    expect(comment).toContain("escalated by the agent (needs_human)");
    expect(comment).toContain(WHY);
    expect(comment).toContain(`Agent loop ${SESSION} ended needs_human (by the agent)`);

    const [entry] = readTicketLog(app.dir, id).entries;
    expect(entry).toMatchObject({
      decision: "escalate",
      pass: false,
      gates: { status: "pass" },
      agent_loop: { session_id: SESSION, state: "needs_human", ended_by: "agent", reason: WHY },
    });
    expect(entry?.gate_findings.map((f) => f.rule)).toContain("agent-escalated");
  }, 240_000);

  it("a loop tied to another ticket (loop start --ticket) leaves this one to its merits; the ticket's ## TESTS reach gates as its task file", async () => {
    const other = tracker.create("Rename the cart", "Verify:\n- gates\n");
    const id = tracker.create(
      "Count the cart",
      [
        "Verify:",
        "- gates",
        "",
        "## TESTS",
        "",
        "- file: src/cart.test.ts",
        "  name: counts an empty cart",
        "  action: modify",
        "  reason: the empty cart counts 0 from now on",
        "",
      ].join("\n"),
    );
    const session = "6b5c4d3e-2f10-4b6c-9d8e-7f6a5b4c3d2e";
    gatesCli(["loop", "start", "--session", session, "--ticket", other]);
    gatesCli(["loop", "escalate", "--session", session, "--reason", WHY], { CLAUDECODE: "1" });

    const run = await runCli(["issue", id, "--dir", app.dir], { env: tracker.env });
    expect(run.code, run.stderr).toBe(0);
    expect(tracker.showWithComments(id).status).toBe("closed");
    const [entry] = readTicketLog(app.dir, id).entries;
    expect(entry).toMatchObject({ decision: "pass", pass: true });
    expect(entry?.agent_loop).toBeUndefined();
    expect(entry?.declared_test_changes).toEqual([
      {
        file: "src/cart.test.ts",
        name: "counts an empty cart",
        reason: "the empty cart counts 0 from now on",
      },
    ]);
  }, 240_000);
});
