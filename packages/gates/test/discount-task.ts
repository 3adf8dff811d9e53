// The task several gates tests share: `discount` stubbed to return the price, and the committed
// vitest test that makes it a task (red until `discount(100, "SAVE10")` is 90).
export const DISCOUNT_TEST = [
  'import { expect, it } from "vitest";',
  'import { discount } from "./price.js";',
  "",
  'it("takes 10 off with SAVE10", () => {',
  '  expect(discount(100, "SAVE10")).toBe(90);',
  "});",
  "",
].join("\n");

/** The task's test with a second case that the stub already passes (a price without a code). */
export const DISCOUNT_TEST_TWO_CASES = [
  DISCOUNT_TEST,
  'it("keeps the price without a code", () => {',
  '  expect(discount(100, "")).toBe(100);',
  "});",
  "",
].join("\n");

export const DISCOUNT_STUB =
  "export function discount(price: number, _code: string): number {\n  return price;\n}\n";
