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

  // Issue 46: 386 canary findings filled the reason (6 KB) and the failing test was not in it.
  it("lists a failing test before every other finding, within 4,000 characters of findings", () => {
    const tampered = (i: number) => ({
      stage: "tests" as const,
      file: `test/f${i}.test.ts`,
      line: null,
      rule: "tampered-runner",
      message:
        "the test runner's results cannot be trusted: a test gates added that must fail (toBe) was reported passed",
      hint: "something in the change alters how the test runner reports results (a setup file, a matcher, a patched runner or global): remove it",
    });
    const failing = {
      stage: "tests" as const,
      file: "test/string.test.ts",
      line: 964,
      rule: "test-failed",
      message: "slugify: AssertionError: expected '-hello-world-' to deeply equal 'hello-world'",
      hint: "make the test pass by fixing the code, not the test",
    };
    const many: GatesReport = { ...report(0), status: "fail", exit_code: 1 };
    many.findings = [
      { ...report(1).findings[0]!, stage: "floor" as const, rule: "suppression" },
      ...Array.from({ length: 386 }, (_, i) => tampered(i)),
      failing,
    ];
    const text = renderSummary(many);
    const findings = text.split("\n").filter((line) => line.startsWith("- "));
    expect(findings[0]).toBe(
      "- test/string.test.ts:964 [tests/test-failed] slugify: AssertionError: expected '-hello-world-' to deeply equal 'hello-world'",
    );
    expect(findings[1]).toBe("- src/f0.ts:1 [floor/suppression] unused");
    expect(text.split("\n").filter((line) => line.includes(tampered(0).hint))).toHaveLength(1);
    expect(text.length).toBeLessThan(5000);
    expect(text).toMatch(/… \d+ more in \.verify\/gates\.json/);
  });

  it("says pass plainly", () => {
    expect(renderSummary(report(0))).toContain("verify-gates: PASS (exit 0)");
  });
});
