import type { AgentLoop } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { latestLoopBrief } from "./latest-loop.js";

const loop = (session: string, started: string, extra: Partial<AgentLoop> = {}): AgentLoop => ({
  schema_version: 1,
  session_id: session,
  iteration: 1,
  max_iterations: 5,
  started_at: started,
  updated_at: started,
  root: "/repo",
  ...extra,
});

describe("the gates report's agent_loop: the latest main-agent loop of this tree", () => {
  it("is the one started last, briefly, with an escalation's reason and evidence", () => {
    const escalated = loop("s-2", "2026-12-05T10:00:00.000Z", {
      state: "needs_human",
      ended_at: "2026-12-05T10:05:00.000Z",
      ended_by: "agent",
      end_reason: "the test is wrong",
      last_summary: "src/a.test.ts:3 [tests/test-failed]",
    });
    expect(latestLoopBrief([escalated, loop("s-1", "2026-12-05T09:00:00.000Z")], "/repo")).toEqual({
      session_id: "s-2",
      state: "needs_human",
      started_at: "2026-12-05T10:00:00.000Z",
      ended_at: "2026-12-05T10:05:00.000Z",
      ended_by: "agent",
      reason: "the test is wrong",
      last_summary: "src/a.test.ts:3 [tests/test-failed]",
    });
  });

  it("a later loop supersedes an escalated one; an active loop reads as active", () => {
    const old = loop("s-1", "2026-12-05T09:00:00.000Z", { state: "needs_human" });
    const brief = latestLoopBrief([old, loop("s-2", "2026-12-05T10:00:00.000Z")], "/repo");
    expect(brief).toMatchObject({ session_id: "s-2", state: "active", reason: null });
  });

  it("subagents' loops and another worktree's loops are left out; none is undefined", () => {
    const sub = loop("s-1", "2026-12-05T11:00:00.000Z", { agent_id: "a-1", state: "needs_human" });
    const other = loop("s-3", "2026-12-05T12:00:00.000Z", { root: "/other", state: "needs_human" });
    const main = loop("s-1", "2026-12-05T10:00:00.000Z", { state: "passed" });
    expect(latestLoopBrief([sub, other, main], "/repo")).toMatchObject({ state: "passed" });
    expect(latestLoopBrief([sub, other], "/repo")).toBeUndefined();
  });
});
