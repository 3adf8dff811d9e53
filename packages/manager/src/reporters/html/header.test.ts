import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { headline, metaItems, renderHeadline } from "./header.js";

const outcome = (flow: string, kind: FlowOutcome["outcome"]): FlowOutcome => ({
  flow,
  outcome: kind,
  exit_code: kind === "pass" ? 0 : 1,
  signal: null,
  duration_ms: 10,
  failing_step: null,
  error: null,
  artifacts: null,
  stderr_tail: "",
  result: null,
});

const report = (...kinds: FlowOutcome["outcome"][]): RunReport => ({
  schema_version: 1,
  passed: kinds.length > 0 && kinds.every((k) => k === "pass"),
  outcomes: kinds.map((kind, i) => outcome(`f${i}`, kind)),
});

describe("the report's headline", () => {
  it("counts a flaky flow apart and, like the exit code, not as passed", () => {
    expect(headline(report("pass", "flaky"))).toEqual({
      verdict: "failed",
      exitCode: 1,
      label: "Failed (exit 1)",
      counts: "1 passed · 0 failed · 1 flaky",
      note: "flaky: failed, then passed on the retry — not a pass, as the exit code says",
    });
  });

  it("says passed (exit 0) only when every flow passed; setup problems exit 2", () => {
    expect(headline(report("pass", "pass"))).toMatchObject({
      label: "Passed (exit 0)",
      note: null,
    });
    expect(headline(report("setup_error"))).toMatchObject({
      label: "Could not run (exit 2)",
      counts: "0 passed · 0 failed · 0 flaky · 1 not run",
    });
  });

  it("shows only the metadata the run recorded, a CI link only over http(s)", () => {
    expect(metaItems(undefined)).toEqual([]);
    expect(metaItems({ wall_ms: 61_000, workers: 2, git_commit: "0123456789abcdef0123" })).toEqual([
      ["Wall time", "1 min 1 s"],
      ["Workers", "2"],
      ["Commit", "0123456789ab"],
    ]);
    // Uncommitted changes: the commit alone is not what ran.
    expect(metaItems({ git_commit: "0123456789abcdef0123", git_dirty: true })).toEqual([
      ["Commit", "0123456789ab + uncommitted changes"],
    ]);
    const html = renderHeadline({
      ...report("pass"),
      meta: { ci_build: { provider: "gitlab", id: "7", url: "javascript:alert(1)" } },
    });
    expect(html).toContain("gitlab 7");
    expect(html).not.toContain("javascript:");
  });
});
