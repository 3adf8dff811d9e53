import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { buildReport, formatSummary, verdictOf } from "./report.js";
import { mapBounded } from "./pool.js";

const o = (flow: string, outcome: OutcomeKind): FlowOutcome => ({
  flow,
  outcome,
  exit_code: outcome === "pass" ? 0 : 1,
  signal: null,
  duration_ms: 5,
  failing_step: outcome === "fail" ? "step-1" : null,
  error: outcome === "pass" ? null : "bad",
  artifacts: outcome === "fail" ? { screenshot: "/s.png" } : null,
  stderr_tail: "",
  result: null,
});

describe("report", () => {
  it("passes only when every outcome is pass", () => {
    expect(verdictOf(buildReport([o("a", "pass"), o("b", "pass")]))).toBe("passed");
    expect(verdictOf(buildReport([o("a", "pass"), o("b", "fail")]))).toBe("failed");
    expect(verdictOf(buildReport([o("a", "timeout"), o("b", "unknown_flow")]))).toBe("failed");
    expect(verdictOf(buildReport([o("a", "pass"), o("b", "unknown_flow")]))).toBe("setup");
    expect(verdictOf(buildReport([o("a", "setup_error"), o("b", "not_implemented")]))).toBe(
      "setup",
    );
  });

  it("a flaky flow is not a pass: the run has failed (exit 1), not a setup problem", () => {
    const report = buildReport([o("a", "pass"), o("b", "flaky")]);
    expect(report.passed).toBe(false);
    expect(verdictOf(report)).toBe("failed");
    expect(formatSummary(report)).toContain("FLAKY  b: flaky: bad (5 ms)\n1/2 flows passed");
  });

  it("an empty report has not passed", () => {
    expect(buildReport([]).passed).toBe(false);
  });

  it("rejects an outcome that breaks the schema", () => {
    expect(() => buildReport([{ ...o("a", "pass"), duration_ms: -1 }])).toThrow();
  });

  it("summarises one line per flow, with screenshots", () => {
    const text = formatSummary(buildReport([o("a", "pass"), o("b", "fail")]));
    expect(text).toBe(
      "PASS  a: pass (5 ms)\nFAIL  b: fail at step 'step-1': bad (5 ms)\n      screenshot: /s.png\n1/2 flows passed\n",
    );
  });
});

describe("mapBounded", () => {
  it("keeps order and never exceeds the limit", async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapBounded([30, 10, 20, 5, 1], 2, async (ms, i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return i;
    });
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
});
