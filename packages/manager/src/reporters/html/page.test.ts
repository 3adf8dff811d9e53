import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../html.js";

const outcome = (flow: string, kind: string): FlowOutcome =>
  ({
    flow,
    outcome: kind,
    exit_code: 0,
    signal: null,
    duration_ms: 1500,
    failing_step: null,
    error: null,
    artifacts: null,
    stderr_tail: "",
    result: null,
  }) as FlowOutcome;

describe("renderHtml", () => {
  it("groups outcomes as passed / failed / flaky / not run, `flaky` included when a manager reports it", () => {
    const report: RunReport = {
      schema_version: 1,
      passed: false,
      outcomes: [
        outcome("a", "pass"),
        outcome("b", "flaky"),
        outcome("c", "timeout"),
        outcome("d", "setup_error"),
        outcome("e", "unknown_flow"),
      ],
    };
    const html = renderHtml(report, () => undefined, new Date(0));
    const counts = [...html.matchAll(/data-filter="(\w+)"[^>]*>[\w ]+<span class="count">(\d+)/g)];
    expect(counts.map((m) => [m[1], Number(m[2])])).toEqual([
      ["all", 5],
      ["passed", 1],
      ["failed", 1],
      ["flaky", 1],
      ["not_run", 2],
    ]);
    expect([...html.matchAll(/<tr data-category="(\w+)"/g)].map((m) => m[1])).toEqual([
      "passed",
      "flaky",
      "failed",
      "not_run",
      "not_run",
    ]);
    expect(html).toContain("flow time 7.5 s");
  });

  it("allows only its own script: the policy carries the script's hash, nothing inline else", () => {
    const html = renderHtml({ schema_version: 1, passed: true, outcomes: [] }, () => undefined);
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});
