import {
  VerifyLogEntrySchema,
  type AgentLoopBrief,
  type VerifyLogEntry,
} from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { noFailures } from "../failures/failures.js";
import { ticketComment } from "../report/ticket-comment.js";
import { decide, type AttemptEvidence, type DecideInput } from "./decide.js";

const escalated: AgentLoopBrief = {
  session_id: "s-1",
  state: "needs_human",
  started_at: "2026-12-05T10:00:00.000Z",
  ended_at: "2026-12-05T10:05:00.000Z",
  ended_by: "agent",
  reason: "the test expects 4 items for 3",
  last_summary: "src/cart.test.ts:4 [tests/test-failed]",
};

const green = (agentLoop: AgentLoopBrief | null): AttemptEvidence => ({
  flowsRun: [],
  passedFlows: [],
  rerunPassedFlows: [],
  testsRan: true,
  rerunPassedTests: [],
  gates: { status: "pass", exit_code: 0, already_verified: false, error: null },
  failures: noFailures(),
  agentLoop,
});

const input = (evidence: AttemptEvidence, history: VerifyLogEntry[] = []): DecideInput => ({
  ticket: "bd-1",
  attempt: history.length + 1,
  timestamp: "2026-12-05T11:00:00.000Z",
  treeHash: "tree-a",
  type: "task",
  retryBudget: 3,
  history,
  evidence,
});

describe("decide: the agent loop (issue 34 §3)", () => {
  it("a loop ended needs_human escalates a green attempt at once, with the reason on the record", () => {
    const entry = decide(input(green(escalated)));
    expect(entry).toMatchObject({ decision: "escalate", pass: false, agent_loop: escalated });
    expect(entry.gate_findings.at(-1)).toMatchObject({
      stage: "agent-loop",
      rule: "agent-escalated",
      message: expect.stringContaining(escalated.reason!) as string,
    });
    expect(VerifyLogEntrySchema.parse(entry)).toEqual(entry);
  });

  it("a loop tied to a ticket escalates that ticket only; a loop naming none, every ticket", () => {
    const forTicket = { ...escalated, ticket: "bd-1" };
    expect(decide(input(green(forTicket)))).toMatchObject({
      decision: "escalate",
      agent_loop: forTicket,
    });
    const other = decide(input(green({ ...escalated, ticket: "bd-2" })));
    expect(other).toMatchObject({ decision: "pass", pass: true });
    expect(other.agent_loop).toBeUndefined();
    expect(decide(input(green(escalated))).decision).toBe("escalate");
  });

  it("an active, passed or capped loop changes nothing", () => {
    for (const state of ["active", "passed", "capped", "disarmed"] as const) {
      const entry = decide(input(green({ ...escalated, state })));
      expect(entry.decision).toBe("pass");
      expect(entry.agent_loop).toBeUndefined();
    }
    expect(decide(input(green(null))).decision).toBe("pass");
  });

  it("the same escalation, already sent to a human who removed the label, is not sent again", () => {
    const first = decide(input(green(escalated)));
    expect(decide(input(green(escalated), [first])).decision).toBe("pass");
    const later = { ...escalated, ended_at: "2026-12-05T12:00:00.000Z" };
    expect(decide(input(green(later), [first])).decision).toBe("escalate");
  });

  it("the comment names the escalation, its reason and the last red stop", () => {
    const entry = decide(input(green(escalated)));
    const text = ticketComment({
      entry,
      history: [],
      retryBudget: 3,
      countedFailures: 1,
      outcomes: [],
      unknownFlows: [],
      secrets: [],
    });
    expect(text).toContain("escalated by the agent (needs_human): the test expects 4 items");
    expect(text).toContain("Last red stop: src/cart.test.ts:4 [tests/test-failed]");
  });

  it("declared test changes are on the record and in the comment, a pass's too", () => {
    const declared = [{ file: "src/cart.test.ts", name: "counts", reason: "spec changed" }];
    const entry = decide(input({ ...green(null), declaredTestChanges: declared }));
    expect(entry).toMatchObject({ decision: "pass", declared_test_changes: declared });
    const text = ticketComment({
      entry,
      history: [],
      retryBudget: 3,
      countedFailures: 0,
      outcomes: [],
      unknownFlows: [],
      secrets: [],
    });
    expect(text).toContain("Declared test changes (the task's ## TESTS, action: modify):");
    expect(text).toContain("- src/cart.test.ts › counts: spec changed");
  });
});
