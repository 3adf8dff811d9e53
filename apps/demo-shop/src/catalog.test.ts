import { describe, expect, it } from "vitest";
import { PRODUCTS, findProduct, formatPrice } from "./catalog.js";

describe("catalog", () => {
  it("has six products with unique ids and names", () => {
    expect(PRODUCTS).toHaveLength(6);
    expect(new Set(PRODUCTS.map((product) => product.id)).size).toBe(6);
    expect(new Set(PRODUCTS.map((product) => product.name)).size).toBe(6);
  });

  it("finds a product by id", () => {
    expect(findProduct("blue-mug")?.name).toBe("Blue Mug");
    expect(findProduct("nope")).toBeUndefined();
  });

  it("formats cents as dollars", () => {
    expect(formatPrice(1200)).toBe("$12.00");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});
