import type { FlowOutcome } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { mergeReports } from "./merge-reports.js";
import { buildReport } from "./report.js";

const outcome = (flow: string, kind: "pass" | "fail" = "pass"): FlowOutcome => ({
  flow,
  outcome: kind,
  exit_code: kind === "pass" ? 0 : 1,
  signal: null,
  duration_ms: 10,
  failing_step: kind === "fail" ? "pay" : null,
  error: kind === "fail" ? "declined" : null,
  artifacts: null,
  stderr_tail: "",
  result: null,
});
const selected = ["a", "b", "c"];
const shard1 = buildReport([outcome("a"), outcome("c", "fail")], { index: 1, total: 2, selected });
const shard2 = buildReport([outcome("b")], { index: 2, total: 2, selected });

describe("merge-reports", () => {
  it("gives the report one run would: selection order, verdict over all", () => {
    const merged = mergeReports([
      { path: "2.json", report: shard2 },
      { path: "1.json", report: shard1 },
    ]);
    expect(merged).toEqual(buildReport([outcome("a"), outcome("b"), outcome("c", "fail")]));
    expect(merged.passed).toBe(false);
  });

  it("names a flow that two reports both ran", () => {
    expect(() =>
      mergeReports([
        { path: "1.json", report: shard1 },
        { path: "again.json", report: shard1 },
      ]),
    ).toThrow("again.json: flow 'a' is also in 1.json: a flow must run in one shard only");
  });

  it("names the flows no report covers", () => {
    expect(() => mergeReports([{ path: "1.json", report: shard1 }])).toThrow(
      "flows b are in no report: 1 of 2 shards given?",
    );
  });

  it("an empty shard has passed", () => {
    expect(buildReport([], { index: 3, total: 3, selected }).passed).toBe(true);
    expect(buildReport([]).passed).toBe(false);
  });
});
