import type { GatesReport } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { MAX_SUMMARY_LINES, renderSummary } from "./summary.js";

function report(findings: number): GatesReport {
  return {
    schema_version: 1,
    version: "0.1.0",
    status: findings > 0 ? "fail" : "pass",
    exit_code: findings > 0 ? 1 : 0,
    already_verified: false,
    mode: "pre-commit",
    base: { ref: "main", commit: "a", merge_base: "a" },
    only: null,
    duration_ms: 1,
    stages: [
      { stage: "lint", status: findings > 0 ? "fail" : "pass", duration_ms: 1, findings: [] },
    ],
    findings: Array.from({ length: findings }, (_, i) => ({
      stage: "lint" as const,
      file: `src/f${i}.ts`,
      line: i + 1,
      rule: "no-unused-vars",
      message: "unused",
      hint: "remove it",
    })),
    changed_files: [],
    stamp: null,
  };
}

describe("renderSummary", () => {
  it("stays within 40 lines and points at the rest", () => {
    const text = renderSummary(report(100));
    const lines = text.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(MAX_SUMMARY_LINES);
    expect(lines[0]).toBe("verify-gates: FAIL: a gate failed, fix the code (exit 1)");
    expect(text).toContain("- src/f0.ts:1 [lint/no-unused-vars] unused\n    hint: remove it");
    expect(text).toMatch(/… \d+ more in \.verify\/gates\.json/);
  });

  it("says pass plainly", () => {
    expect(renderSummary(report(0))).toContain("verify-gates: PASS (exit 0)");
  });
});
