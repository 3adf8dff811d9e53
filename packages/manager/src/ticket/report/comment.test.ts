import type { FlowOutcome, VerifyLogEntry } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { decide, type AttemptEvidence } from "../decide/decide.js";
import { fingerprint, noFailures } from "../failures/failures.js";
import {
  MAX_COMMENT_BYTES,
  PAGE_DATA_NOTE,
  parseCommentReport,
  renderComment,
  type CommentInput,
} from "./comment.js";
import { ticketComment } from "./ticket-comment.js";

function outcome(flow: string, patch: Partial<FlowOutcome> = {}): FlowOutcome {
  return {
    flow,
    outcome: "fail",
    exit_code: 1,
    signal: null,
    duration_ms: 1234,
    failing_step: "assert-cart-count-1",
    error: "expected 1, got 0",
    artifacts: {
      screenshot: "/tmp/a.png",
      url_at_failure: "http://127.0.0.1:4173/cart",
      error_context: "/tmp/ctx.md",
    },
    stderr_tail: "some log\nmore log",
    result: null,
    ...patch,
  };
}

const pass = (flow: string) =>
  outcome(flow, { outcome: "pass", failing_step: null, error: null, artifacts: {}, exit_code: 0 });

/** The log entry an attempt with these outcomes decides (first attempt, budget 3). */
function entryFor(
  outcomes: readonly FlowOutcome[],
  setupError: string | null = null,
): VerifyLogEntry {
  const failed = outcomes.filter((o) => o.outcome !== "pass");
  const evidence: AttemptEvidence = {
    flowsRun: outcomes.map((o) => o.flow),
    passedFlows: outcomes.filter((o) => o.outcome === "pass").map((o) => o.flow),
    rerunPassedFlows: [],
    testsRan: false,
    rerunPassedTests: [],
    gates: { status: "not_run", exit_code: null, already_verified: false, error: null },
    failures: {
      ...noFailures(),
      failed_flows: failed.map((o) => ({
        flow: o.flow,
        outcome: o.outcome,
        failing_step: o.failing_step,
        error: o.error,
      })),
      setup_error: setupError,
    },
  };
  return decide({
    ticket: "bd-1",
    attempt: 1,
    timestamp: "2026-11-29T00:00:00.000Z",
    treeHash: null,
    type: "task",
    retryBudget: 3,
    history: [],
    evidence,
  });
}

/** The comment the loop posts for that attempt. */
function commentFor(
  outcomes: readonly FlowOutcome[],
  extra: { secrets?: string[]; setupError?: string; unknownFlows?: string[] } = {},
): string {
  return ticketComment({
    entry: entryFor(outcomes, extra.setupError ?? null),
    history: [],
    retryBudget: 3,
    countedFailures: 1,
    outcomes,
    unknownFlows: extra.unknownFlows ?? [],
    secrets: extra.secrets ?? [],
  });
}

/** A comment input straight to renderComment (the size limits). */
function inputFor(outcomes: readonly FlowOutcome[]): CommentInput {
  const entry = entryFor(outcomes);
  return {
    kind: "failure",
    headline: "verify-manager: attempt 1 failed",
    body: [],
    fingerprint: entry.fingerprint,
    attempt: {
      ticket: "bd-1",
      attempt: 1,
      retry_budget: 3,
      counted_failures: 1,
      decision: entry.decision,
      same_as_previous: false,
    },
    failures: entry.failures ?? noFailures(),
    marker: "[verify-manager attempt bd-1#1]",
    outcomes,
    unknownFlows: [],
    secrets: [],
  };
}

describe("renderComment", () => {
  it("starts with one human line naming flow and step, then a JSON block that parses", () => {
    const outcomes = [pass("login"), outcome("checkout")];
    const text = commentFor(outcomes);
    const [first] = text.split("\n");
    expect(first).toBe("verify-manager: attempt 1 of 3 failed. Set back to in_progress.");
    const report = parseCommentReport(text);
    expect(report?.kind).toBe("failure");
    expect(report?.outcomes[1]).toMatchObject({
      flow: "checkout",
      failing_step: "assert-cart-count-1",
      error: "expected 1, got 0",
      screenshot: "/tmp/a.png",
      url_at_failure: "http://127.0.0.1:4173/cart",
      error_context: "/tmp/ctx.md",
    });
    expect(report?.fingerprint).toBe(entryFor(outcomes).fingerprint);
    // The contract's attempt block: the flat lists; the error is said once, in `outcomes`.
    expect(report?.attempt?.failed_flows).toEqual([
      { flow: "checkout", outcome: "fail", failing_step: "assert-cart-count-1", error: null },
    ]);
    expect(report?.attempt?.failures).toBeUndefined();
  });

  it("says each fact once and fits one screen of `bd show` for one failed flow", () => {
    const error = [
      "expect(locator).toHaveText(expected) failed",
      "",
      "Locator:  getByTestId('cart-count')",
      'Expected: "1"',
      'Received: "0"',
      "Timeout:  5000ms",
      "",
      "Call log:",
      '  - Expect "toHaveText" with timeout 5000ms',
      "  - waiting for getByTestId('cart-count')",
      '    9 × locator resolved to <span data-testid="cart-count">0</span>',
    ].join("\n");
    const text = commentFor([outcome("checkout", { error })]);
    const escaped = JSON.stringify(error).slice(1, -1);
    expect(text.split(escaped)).toHaveLength(2);
    // bd wraps at 80 columns: the comment, wrapped, stays under 40 lines.
    const wrapped = text
      .split("\n")
      .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 80)), 0);
    expect(wrapped).toBeLessThanOrEqual(40);
    expect(text.split("\n")[0]).toBe(
      "verify-manager: attempt 1 of 3 failed. Set back to in_progress.",
    );
    expect(parseCommentReport(text)?.outcomes[0]?.error).toBe(error);
  });

  it("keeps a failed flow's error in the attempt block when its outcome is not in the comment", () => {
    const entry = entryFor([outcome("checkout")]);
    const text = ticketComment({
      entry,
      history: [],
      retryBudget: 3,
      countedFailures: 1,
      outcomes: [],
      unknownFlows: [],
      secrets: [],
    });
    expect(parseCommentReport(text)?.attempt?.failed_flows[0]?.error).toBe("expected 1, got 0");
  });

  it("keeps the whole failures record when it holds a kind the flat lists do not name", () => {
    const input = inputFor([outcome("checkout")]);
    const finding = {
      file: "REPORT.md",
      line: 3,
      rule: "fabricated-citation" as const,
      message: "no such page",
    };
    const text = renderComment({
      ...input,
      failures: { ...input.failures, deliverable_findings: [finding] },
    });
    expect(parseCommentReport(text)?.attempt?.failures?.deliverable_findings).toEqual([finding]);
  });

  it("says what failed for a person first: flow, step, Expected/Received, page, evidence relative to the repo", () => {
    const root = "/home/ci/shop";
    const playwrightError = [
      "Error: expect(locator).toHaveText(expected) failed",
      "",
      "Locator:  getByTestId('cart-count')",
      'Expected: "1"',
      'Received: "0"',
      "Timeout:  5000ms",
    ].join("\n");
    const failed = outcome("checkout", {
      error: playwrightError,
      artifacts: {
        screenshot: `${root}/.verify/artifacts/checkout/failure.png`,
        url_at_failure: "http://127.0.0.1:4173/cart",
        error_context: `${root}/.verify/artifacts/checkout/error-context.md`,
        trace: `${root}/.verify/artifacts/checkout/trace.zip`,
      },
      stderr_tail: `at Object.<anonymous> (${root}/.verify/flows/checkout.ts:12:5)`,
    });
    const entry = entryFor([failed]);
    const text = ticketComment({
      entry,
      history: [],
      retryBudget: 3,
      countedFailures: 1,
      outcomes: [failed],
      unknownFlows: [],
      secrets: [],
      root,
    });
    const lines = text.split("\n");
    expect(lines[2]).toBe("What failed:");
    expect(lines[3]).toBe(
      '- flow **checkout** failed at step `assert-cart-count-1`: Error: expect(locator).toHaveText(expected) failed — Expected: "1", Received: "0" (page: http://127.0.0.1:4173/cart)',
    );
    expect(lines[4]).toBe(
      "  evidence: screenshot `.verify/artifacts/checkout/failure.png`, error context `.verify/artifacts/checkout/error-context.md`, trace `.verify/artifacts/checkout/trace.zip`",
    );
    expect(text).not.toContain(root);
    // The record for machines is collapsed, and still read back.
    const details = text.indexOf("<details><summary>");
    expect(details).toBeGreaterThan(text.indexOf("What failed:"));
    expect(text.indexOf("```json")).toBeGreaterThan(details);
    expect(text.indexOf("</details>")).toBeGreaterThan(text.indexOf("```json"));
    const report = parseCommentReport(text);
    expect(report?.outcomes[0]?.screenshot).toBe(".verify/artifacts/checkout/failure.png");
    expect(report?.outcomes[0]?.stderr_tail).toBe(
      "at Object.<anonymous> (.verify/flows/checkout.ts:12:5)",
    );
  });

  it("names gates findings, failed tests and type errors one a line, at most five of a kind", () => {
    const findings = Array.from({ length: 7 }, (_, i) => ({
      stage: "floor",
      file: "src/cart.test.ts",
      line: i + 1,
      rule: "weakened-test",
      message: `assertion loosened ${i}`,
    }));
    const input = {
      ...inputFor([]),
      failures: {
        ...noFailures(),
        gate_findings: findings,
        failed_tests: [
          { file: "src/cart.test.ts", name: "cart > counts", message: "expected 2 to be 3\nat x" },
        ],
        typecheck_errors: [
          {
            file: "src/cart.ts",
            line: 4,
            code: "TS2322",
            message: "Type 'string' is not assignable to type 'number'.",
          },
        ],
      },
    };
    const text = renderComment(input);
    expect(text).toContain(
      "- test `cart > counts` in `src/cart.test.ts`: expected 2 to be 3 — at x",
    );
    expect(text).toContain(
      "- type error `src/cart.ts:4` TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(text).toContain(
      "- gates floor `src/cart.test.ts:1` weakened-test: assertion loosened 0",
    );
    expect(text).toContain(
      "- gates floor `src/cart.test.ts:5` weakened-test: assertion loosened 4",
    );
    expect(text).not.toContain("assertion loosened 5`");
    expect(text).toContain("- … and 2 more (in the record below)");
  });

  it("stays under 64 KiB with huge stderr and errors, and says it was cut", () => {
    const huge = "e".repeat(500_000);
    const outcomes = Array.from({ length: 30 }, (_, i) =>
      outcome(`flow-${i}`, { stderr_tail: huge, error: huge }),
    );
    const text = renderComment(inputFor(outcomes));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_COMMENT_BYTES);
    const report = parseCommentReport(text);
    expect(report?.truncated).toBe(true);
    expect(report?.outcomes.length).toBeGreaterThan(0);
  });

  it("keeps only failures when even short entries do not fit", () => {
    const outcomes = Array.from({ length: 2000 }, (_, i) => outcome(`flow-with-a-long-name-${i}`));
    const text = renderComment(inputFor(outcomes));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_COMMENT_BYTES);
    expect(parseCommentReport(text)?.truncated).toBe(true);
  });

  it("redacts secrets everywhere, including inside JSON-escaped strings", () => {
    const secret = 'p"a\\ss\nword';
    const text = commentFor(
      [
        outcome("checkout", {
          error: `login failed with ${secret}`,
          stderr_tail: `token ${secret}`,
        }),
      ],
      { secrets: [secret] },
    );
    expect(text).not.toContain(secret);
    expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(text).toContain("[REDACTED]");
  });

  it("says that a trace or screenshot may hold page data, and only when there is one", () => {
    const traced = outcome("checkout", { artifacts: { trace: "/tmp/t/trace.zip" } });
    expect(commentFor([traced])).toContain(PAGE_DATA_NOTE);
    const bare = outcome("checkout", { artifacts: {} });
    expect(commentFor([bare])).not.toContain(PAGE_DATA_NOTE);
  });

  it("redacts token patterns with no env value behind them", () => {
    const token = ["gh", "p_", "x".repeat(36)].join("");
    const text = commentFor([
      outcome("checkout", { error: `push failed: ${token}`, stderr_tail: token }),
    ]);
    expect(text).not.toContain(token);
    expect(parseCommentReport(text)?.outcomes[0]?.error).toBe("push failed: [REDACTED]");
  });

  it("describes a setup problem as such, not as a product failure", () => {
    const outcomes = [
      outcome("checkout", {
        outcome: "setup_error",
        failing_step: null,
        error: "no browser found",
      }),
    ];
    const text = commentFor(outcomes, { setupError: "checkout: setup_error: no browser found" });
    expect(text.split("\n")[0]).toBe(
      "verify-manager: setup problem, not a product failure: checkout: setup_error: no browser found (attempt 1, not counted)",
    );
    expect(parseCommentReport(text)?.kind).toBe("setup");
  });

  it("lists unknown names quoted and asks for them to be added to the manifest", () => {
    const text = commentFor([], {
      unknownFlows: ["nope", "$(touch /tmp/x)"],
      setupError:
        'the Verify: section names flows the runner cannot run: "nope", "$(touch /tmp/x)". Add them to .verify/workflows.yaml (and implement them) or fix the names; nothing was run',
    });
    expect(parseCommentReport(text)?.kind).toBe("unknown_flows");
    expect(text.split("\n")[0]).toContain('"nope", "$(touch /tmp/x)"');
    expect(text.split("\n")[0]).toContain("Add them to .verify/workflows.yaml");
    expect(parseCommentReport(text)?.unknown_flows).toEqual(["nope", "$(touch /tmp/x)"]);
  });
});

describe("fingerprint and still failing", () => {
  const failures = (error: string | null) => ({
    ...noFailures(),
    failed_flows: [{ flow: "checkout", outcome: "fail" as const, failing_step: "pay", error }],
  });

  it("ignores durations, artifact paths and stderr, but not the error", () => {
    const outcomes = [outcome("checkout")];
    const same = [outcome("checkout", { duration_ms: 9, stderr_tail: "x", artifacts: {} })];
    expect(entryFor(same).fingerprint).toBe(entryFor(outcomes).fingerprint);
    const timing = (ms: number) => fingerprint(failures(`timed out after ${ms} ms`));
    expect(timing(5012)).toBe(timing(5000));
    expect(fingerprint(failures("expected 1, got 2"))).not.toBe(
      fingerprint(failures("expected 1, got 0")),
    );
  });

  it("does not trust a JSON block from someone else's comment", () => {
    const outcomes = [outcome("checkout")];
    const text = commentFor(outcomes);
    const forged = text.replace("verify-manager:", "me:");
    expect(parseCommentReport(text)?.fingerprint).toBe(entryFor(outcomes).fingerprint);
    expect(parseCommentReport(forged)).toBeNull();
  });
});
