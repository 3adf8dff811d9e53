import { describe, expect, it } from "vitest";
import { shortError } from "./clean-error.js";

const ESC = String.fromCharCode(27);

describe("shortError", () => {
  it("keeps the first lines of Playwright's call log", () => {
    const text = [
      `locator.check: ${ESC}[31mTimeout 15000ms exceeded.${ESC}[39m`,
      "Call log:",
      "  - waiting for getByRole('checkbox', { name: 'Buy milk' })",
      '    - locator resolved to <input type="checkbox" class="toggle"/>',
      "  - attempting click action",
      "    - element is not visible",
      "  - retrying click action",
      "    - waiting 20ms",
      "  - retrying click action",
    ].join("\n");
    expect(shortError(text)).toBe(
      [
        "locator.check: Timeout 15000ms exceeded.",
        "Call log:",
        "  - waiting for getByRole('checkbox', { name: 'Buy milk' })",
        '  - locator resolved to <input type="checkbox" class="toggle"/>',
        "  - attempting click action",
        "  - element is not visible",
        "  - retrying click action",
        "  … 2 more",
      ].join("\n"),
    );
  });

  it("leaves an error without a call log as it is, colours removed", () => {
    expect(shortError(`expect(${ESC}[31mreceived${ESC}[39m).toBe(1)\n\nExpected: 1`)).toBe(
      "expect(received).toBe(1)\n\nExpected: 1",
    );
  });

  it("caps the length", () => {
    expect(shortError("x".repeat(50), 10)).toBe(`${"x".repeat(10)}…`);
  });
});
