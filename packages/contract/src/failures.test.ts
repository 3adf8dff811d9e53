import { describe, expect, it } from "vitest";
import { FailuresSchema } from "./failures.js";
import { IssueCommentReportSchema } from "./issue-report.js";
import { VerifyLogEntrySchema } from "./verify-log.js";

const failures = {
  failed_flows: [{ flow: "checkout", outcome: "fail", failing_step: "pay", error: "boom" }],
  failed_tests: [],
  failed_ac: [],
  lint_errors: [],
  typecheck_errors: [],
  gate_findings: [],
  deliverable_findings: [
    { file: "docs/a.md", line: 3, rule: "fabricated-citation", message: "no such file" },
  ],
  setup_error: null,
  flaky: [],
};

const entry = {
  schema_version: 1,
  ticket: "t-1",
  attempt: 1,
  timestamp: "2026-01-01T00:00:00.000Z",
  tree_hash: null,
  type: "task",
  pass: false,
  decision: "retry",
  counted: true,
  flows_run: ["checkout"],
  passed_flows: [],
  failed_flows: failures.failed_flows,
  tests_ran: false,
  failed_tests: [],
  failed_ac: [],
  lint_errors: [],
  typecheck_errors: [],
  gate_findings: [],
  gates: { status: "not_run", exit_code: null, already_verified: false, error: null },
  flaky: [],
  setup_error: null,
  fingerprint: "abc",
  same_as_previous: false,
};

describe("Failures", () => {
  it("is one record of every failure kind, deliverable findings included", () => {
    expect(FailuresSchema.parse(failures)).toEqual(failures);
    expect(FailuresSchema.safeParse({ ...failures, extra: [] }).success).toBe(false);
  });

  it("nests in the log entry; a line written before it existed still reads", () => {
    expect(VerifyLogEntrySchema.parse({ ...entry, failures }).failures).toEqual(failures);
    expect(VerifyLogEntrySchema.parse(entry).failures).toBeUndefined();
  });

  it("nests in the comment's attempt block", () => {
    const report = IssueCommentReportSchema.parse({
      schema_version: 1,
      tool: "verify-manager",
      kind: "failure",
      fingerprint: "abc",
      outcomes: [],
      unknown_flows: [],
      truncated: false,
      attempt: {
        ticket: "t-1",
        attempt: 1,
        retry_budget: 3,
        counted_failures: 1,
        decision: "retry",
        same_as_previous: false,
        failed_flows: failures.failed_flows,
        failed_tests: [],
        failed_ac: [],
        lint_errors: [],
        typecheck_errors: [],
        gate_findings: [],
        flaky: [],
        setup_error: null,
        failures,
      },
    });
    expect(report.attempt?.failures?.deliverable_findings).toHaveLength(1);
  });
});
