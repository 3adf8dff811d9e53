import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { buildReport, formatSummary } from "./report.js";
import { stderrTailLines, TEXT_TAIL_LINES } from "./stderr-tail.js";

const outcome = (kind: OutcomeKind, stderr: string): FlowOutcome => ({
  flow: "f",
  outcome: kind,
  exit_code: kind === "pass" ? 0 : 3,
  signal: null,
  duration_ms: 5,
  failing_step: null,
  error: kind === "pass" ? null : "runner exited 3 without a result",
  artifacts: null,
  stderr_tail: stderr,
  result: null,
});

describe("the text summary's stderr tail", () => {
  it.each<[OutcomeKind, string[]]>([
    ["crash", ["      stderr:", "      | boom", "      |   at main.js:3"]],
    ["malformed", ["      stderr:", "      | boom", "      |   at main.js:3"]],
    ["fail", []],
    ["timeout", []],
    ["mismatch", []],
    ["pass", []],
  ])("%s shows %j", (kind, lines) => {
    expect(stderrTailLines(outcome(kind, "boom\n\n  at main.js:3  \n"))).toEqual(lines);
  });

  it("says so when the runner printed nothing", () => {
    expect(stderrTailLines(outcome("crash", " \n"))).toEqual(["      stderr: (empty)"]);
  });

  it("keeps the last lines, says how many it cut, strips colours and redacts tokens", () => {
    const many = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const token = `ghp_${"a".repeat(36)}`;
    const text = `${many.join("\n")}\n\u001b[31mred ${token}\u001b[0m`;
    const lines = stderrTailLines(outcome("crash", text));
    expect(lines[0]).toBe(`      stderr, last ${TEXT_TAIL_LINES} of 31 lines:`);
    expect(lines).toHaveLength(TEXT_TAIL_LINES + 1);
    expect(lines.at(-1)).toBe("      | red [REDACTED]");
    expect(lines[1]).toBe("      | line 12");
  });

  it("sits under the outcome's line in formatSummary", () => {
    const text = formatSummary(buildReport([outcome("crash", "boom: segfault-ish")]));
    expect(text.split("\n").slice(0, 3)).toEqual([
      "FAIL  f: crash: runner exited 3 without a result (5 ms)",
      "      stderr:",
      "      | boom: segfault-ish",
    ]);
  });
});
