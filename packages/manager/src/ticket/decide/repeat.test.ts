import type { VerifyLogEntry } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { noFailures } from "../failures/failures.js";
import { decide, type AttemptEvidence } from "./decide.js";

// Issue 11 §5, from the ticket loop: an alternating flow must never close on an unchanged
// tree, and a runner that always crashes must not stay a setup problem forever.

const passing = (): AttemptEvidence => ({
  flowsRun: ["checkout"],
  passedFlows: ["checkout"],
  rerunPassedFlows: [],
  testsRan: false,
  rerunPassedTests: [],
  gates: { status: "not_run", exit_code: null, already_verified: false, error: null },
  failures: noFailures(),
});
const failing = (): AttemptEvidence => ({
  ...passing(),
  passedFlows: [],
  failures: {
    ...noFailures(),
    failed_flows: [{ flow: "checkout", outcome: "fail", failing_step: "pay", error: "boom" }],
  },
});
const crashing = (): AttemptEvidence => ({
  ...passing(),
  passedFlows: [],
  failures: {
    ...noFailures(),
    failed_flows: [{ flow: "checkout", outcome: "crash", failing_step: null, error: "crash" }],
    setup_error: "crash: checkout crashed (exit 3)",
  },
});

function run(steps: AttemptEvidence[], budget = 3, tree = "tree-a"): VerifyLogEntry[] {
  const history: VerifyLogEntry[] = [];
  for (const evidence of steps) {
    history.push(
      decide({
        ticket: "bd-1",
        attempt: history.length + 1,
        timestamp: "2026-12-01T00:00:00.000Z",
        treeHash: tree,
        type: "task",
        retryBudget: budget,
        history: [...history],
        evidence,
      }),
    );
  }
  return history;
}

describe("a flow alternating fail/pass on an unchanged tree", () => {
  it("never closes: every pass after a flip is flaky", () => {
    const log = run([failing(), passing(), failing(), passing(), failing(), passing()]);
    expect(log.map((e) => e.decision)).toEqual([
      "retry",
      "flaky",
      "flaky",
      "flaky",
      "flaky",
      "flaky",
    ]);
    expect(log.some((e) => e.pass)).toBe(false);
    expect(log[3]?.flaky).toEqual([{ kind: "flow", name: "checkout", reason: "failed_before" }]);
  });

  it("two clean passes in a row after the last failure still close", () => {
    const log = run([failing(), passing(), failing(), passing(), passing()]);
    expect(log.map((e) => e.decision)).toEqual(["retry", "flaky", "flaky", "flaky", "pass"]);
  });
});

describe("a runner that always crashes", () => {
  it("is a setup problem at first, and escalates once it has crashed budget times in a row", () => {
    const log = run([crashing(), crashing(), crashing()]);
    expect(log.map((e) => [e.decision, e.counted])).toEqual([
      ["setup", false],
      ["setup", false],
      ["escalate", true],
    ]);
    expect(log[2]?.setup_error).toBe("crash: checkout crashed (exit 3)");
  });

  it("a real attempt in between starts the count again", () => {
    const log = run([crashing(), crashing(), failing(), crashing(), crashing()]);
    expect(log.map((e) => e.decision)).toEqual(["setup", "setup", "retry", "setup", "setup"]);
  });

  it("--retry-budget 1 escalates the first crash", () => {
    expect(run([crashing()], 1).map((e) => e.decision)).toEqual(["escalate"]);
  });
});
