import { describe, expect, it } from "vitest";
import type { FailedFlow } from "@agent-verify/contract";
import { fingerprint, noFailures } from "./failures.js";

/** A Playwright expect failure as the runner reports it; the call log depends on timing. */
function cartCountError(retries: number, timeoutMs = 5000, expected = "1"): string {
  return [
    "expect(locator).toHaveText(expected) failed",
    "",
    "Locator:  getByTestId('cart-count')",
    `Expected: "${expected}"`,
    'Received: "0"',
    `Timeout:  ${timeoutMs}ms`,
    "Call log:",
    `  - Expect "toHaveText" getByTestId('cart-count') with timeout ${timeoutMs}ms`,
    "  - waiting for getByTestId('cart-count')",
    `  ${retries} × locator resolved to <span id="cart-count" data-testid="cart-count">0</span>`,
    '  - unexpected value "0"',
  ].join("\n");
}

const flowFailure = (error: string): FailedFlow => ({
  flow: "checkout-happy-path",
  outcome: "fail",
  failing_step: "assert-cart-count-1",
  error,
});

const printOf = (error: string) =>
  fingerprint({ ...noFailures(), failed_flows: [flowFailure(error)] });

describe("fingerprint: the same failure on two attempts", () => {
  it("ignores how many times Playwright retried (the call log's 'N ×' count varies with load)", () => {
    expect(printOf(cartCountError(14))).toBe(printOf(cartCountError(9)));
  });

  it("ignores the call log's lines altogether (a slower machine logs more of them)", () => {
    const longer = cartCountError(9).replace(
      "  - waiting for",
      "  - waiting for getByTestId('cart-count')\n  - waiting for",
    );
    expect(printOf(longer)).toBe(printOf(cartCountError(9)));
  });

  it("still tells apart two failures with another expectation, step or flow", () => {
    const base = printOf(cartCountError(14));
    expect(printOf(cartCountError(14, 5000, "2"))).not.toBe(base);
    expect(
      fingerprint({
        ...noFailures(),
        failed_flows: [{ ...flowFailure(cartCountError(14)), failing_step: "open-cart" }],
      }),
    ).not.toBe(base);
    expect(
      fingerprint({
        ...noFailures(),
        failed_flows: [{ ...flowFailure(cartCountError(14)), flow: "add-remove-cart" }],
      }),
    ).not.toBe(base);
  });
});
