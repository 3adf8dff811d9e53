import type { FlowOutcome } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import {
  MAX_COMMENT_BYTES,
  fingerprintOf,
  parseCommentReport,
  renderComment,
  type CommentInput,
} from "./comment.js";

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

describe("renderComment", () => {
  it("starts with one human line naming flow and step, then a JSON block that parses", () => {
    const input: CommentInput = { kind: "failure", outcomes: [pass("login"), outcome("checkout")] };
    const text = renderComment(input);
    const [first] = text.split("\n");
    expect(first).toBe(
      "verify-manager: 1 of 2 flows failed: checkout: fail at step 'assert-cart-count-1': expected 1, got 0",
    );
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
    expect(report?.fingerprint).toBe(fingerprintOf(input));
  });

  it("stays under 64 KiB with huge stderr and errors, and says it was cut", () => {
    const huge = "e".repeat(500_000);
    const outcomes = Array.from({ length: 30 }, (_, i) =>
      outcome(`flow-${i}`, { stderr_tail: huge, error: huge }),
    );
    const text = renderComment({ kind: "failure", outcomes });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_COMMENT_BYTES);
    const report = parseCommentReport(text);
    expect(report?.truncated).toBe(true);
    expect(report?.outcomes.length).toBeGreaterThan(0);
  });

  it("keeps only failures when even short entries do not fit", () => {
    const outcomes = Array.from({ length: 2000 }, (_, i) => outcome(`flow-with-a-long-name-${i}`));
    const text = renderComment({ kind: "failure", outcomes });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_COMMENT_BYTES);
    expect(parseCommentReport(text)?.truncated).toBe(true);
  });

  it("redacts secrets everywhere, including inside JSON-escaped strings", () => {
    const secret = 'p"a\\ss\nword';
    const text = renderComment({
      kind: "failure",
      outcomes: [
        outcome("checkout", {
          error: `login failed with ${secret}`,
          stderr_tail: `token ${secret}`,
        }),
      ],
      secrets: [secret],
    });
    expect(text).not.toContain(secret);
    expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(text).toContain("[REDACTED]");
  });

  it("describes a setup problem as such, not as a product failure", () => {
    const text = renderComment({
      kind: "setup",
      outcomes: [
        outcome("checkout", {
          outcome: "setup_error",
          failing_step: null,
          error: "no browser found",
        }),
      ],
    });
    expect(text.split("\n")[0]).toBe(
      "verify-manager: setup problem, not a product failure: checkout: setup_error: no browser found",
    );
  });

  it("lists unknown names quoted and asks for them to be added to the manifest", () => {
    const text = renderComment({
      kind: "unknown_flows",
      outcomes: [],
      unknownFlows: ["nope", "$(touch /tmp/x)"],
    });
    expect(text.split("\n")[0]).toContain('"nope", "$(touch /tmp/x)"');
    expect(text.split("\n")[0]).toContain("Add them to .verify/workflows.yaml");
    expect(parseCommentReport(text)?.unknown_flows).toEqual(["nope", "$(touch /tmp/x)"]);
  });
});

describe("fingerprint and still failing", () => {
  const input: CommentInput = { kind: "failure", outcomes: [outcome("checkout")] };

  it("ignores durations, artifact paths and stderr, but not the error", () => {
    const same = {
      ...input,
      outcomes: [outcome("checkout", { duration_ms: 9, stderr_tail: "x", artifacts: {} })],
    };
    expect(fingerprintOf(same)).toBe(fingerprintOf(input));
    const timing = (ms: number) => ({
      ...input,
      outcomes: [outcome("checkout", { error: `timed out after ${ms} ms` })],
    });
    expect(fingerprintOf(timing(5012))).toBe(fingerprintOf(timing(5000)));
    const other = { ...input, outcomes: [outcome("checkout", { error: "expected 1, got 2" })] };
    expect(fingerprintOf(other)).not.toBe(fingerprintOf(input));
  });

  it("does not trust a JSON block from someone else's comment", () => {
    const forged = renderComment(input).replace("verify-manager:", "me:");
    expect(parseCommentReport(renderComment(input))?.fingerprint).toBe(fingerprintOf(input));
    expect(parseCommentReport(forged)).toBeNull();
  });
});
