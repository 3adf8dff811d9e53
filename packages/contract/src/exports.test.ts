import { expect, it } from "vitest";
import * as contract from "./index.js";

it("exports a schema for every JSON seam", () => {
  const names = Object.keys(contract);
  for (const schema of [
    "ManifestSchema",
    "FlowListSchema",
    "RunResultSchema",
    "FlowOutcomeSchema",
    "RunReportSchema",
  ]) {
    expect(names).toContain(schema);
  }
  expect(names).toContain("loadManifest");
});

it("exports a schema for every --json output of the CLIs", () => {
  const names = Object.keys(contract);
  for (const schema of [
    "FailuresSchema",
    "GateTestCaseSchema",
    "ListOutputSchema",
    "TicketLogSchema",
    "DoctorReportSchema",
    "DeliverableResultSchema",
    "IssueVerificationSchema",
    "LoopStatusSchema",
    "BatchPlanSchema",
  ]) {
    expect(names).toContain(schema);
  }
});

it("the runner's light entry points are the same schemas as the index's", async () => {
  // The built package, as the runner imports it.
  const index = await import("@agent-verify/contract");
  const runResult = await import("@agent-verify/contract/run-result");
  const flowList = await import("@agent-verify/contract/flow-list");
  expect(runResult.RunResultSchema).toBe(index.RunResultSchema);
  expect(flowList.FlowListSchema).toBe(index.FlowListSchema);
});

it("gates' light entry points (no yaml behind them) are the same schemas as the index's", async () => {
  const index = await import("@agent-verify/contract");
  const agentLoop = await import("@agent-verify/contract/agent-loop");
  const gatesReport = await import("@agent-verify/contract/gates-report");
  const crapReport = await import("@agent-verify/contract/crap-report");
  expect(agentLoop.AgentLoopSchema).toBe(index.AgentLoopSchema);
  expect(agentLoop.StopHookPayloadSchema).toBe(index.StopHookPayloadSchema);
  expect(agentLoop.SessionRecordSchema).toBe(index.SessionRecordSchema);
  expect(agentLoop.SESSION_ID_PATTERN).toBe(index.SESSION_ID_PATTERN);
  expect(gatesReport.GatesReportSchema).toBe(index.GatesReportSchema);
  expect(crapReport.CrapReportSchema).toBe(index.CrapReportSchema);
});

it("shell-quote: one word for sh -c, whatever it holds", async () => {
  // The built package, as the runner and the manager import it.
  const { shellQuote } = await import("@agent-verify/contract/shell-quote");
  expect(shellQuote("plain/path-1.js")).toBe("plain/path-1.js");
  expect(shellQuote("it's $HOME; rm")).toBe(`'it'\\''s $HOME; rm'`);
  expect(shellQuote("-x")).toBe("'-x'");
});
