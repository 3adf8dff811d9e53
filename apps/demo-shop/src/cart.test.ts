import { describe, expect, it } from "vitest";
import { addItem, parseQuantity, removeItem, setQuantity, summarizeCart } from "./cart.js";

describe("parseQuantity", () => {
  it("accepts whole numbers from 1 to 99, as numbers or strings", () => {
    expect(parseQuantity(1)).toBe(1);
    expect(parseQuantity("99")).toBe(99);
    expect(parseQuantity(" 3 ")).toBe(3);
  });

  it.each([0, 100, 1.5, "1.5", "", "two", null, undefined, -1])("rejects %j", (value) => {
    expect(parseQuantity(value)).toBeUndefined();
  });
});

describe("cart items", () => {
  it("adds a new line, then raises its quantity, capped at 99", () => {
    const once = addItem([], "blue-mug", 2);
    expect(once).toEqual([{ productId: "blue-mug", quantity: 2 }]);
    expect(addItem(once, "blue-mug", 3)).toEqual([{ productId: "blue-mug", quantity: 5 }]);
    expect(addItem(once, "blue-mug", 98)).toEqual([{ productId: "blue-mug", quantity: 99 }]);
  });

  it("sets and removes one line without touching the others", () => {
    const items = addItem(addItem([], "blue-mug", 1), "green-teapot", 1);
    expect(setQuantity(items, "green-teapot", 4)).toEqual([
      { productId: "blue-mug", quantity: 1 },
      { productId: "green-teapot", quantity: 4 },
    ]);
    expect(removeItem(items, "blue-mug")).toEqual([{ productId: "green-teapot", quantity: 1 }]);
  });
});

describe("summarizeCart", () => {
  it("prices lines from the catalog and counts units", () => {
    const summary = summarizeCart([
      { productId: "blue-mug", quantity: 2 },
      { productId: "green-teapot", quantity: 1 },
    ]);
    expect(summary.count).toBe(3);
    expect(summary.totalCents).toBe(2 * 1200 + 3400);
    expect(summary.lines.map((line) => line.lineTotalCents)).toEqual([2400, 3400]);
  });

  it("drops items whose product does not exist", () => {
    expect(summarizeCart([{ productId: "gone", quantity: 1 }])).toEqual({
      lines: [],
      count: 0,
      totalCents: 0,
    });
  });
});
