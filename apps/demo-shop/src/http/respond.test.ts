import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./respond.js";

describe("safeLocalPath", () => {
  it("keeps same-site paths", () => {
    expect(safeLocalPath("/orders")).toBe("/orders");
    expect(safeLocalPath("/orders?page=2")).toBe("/orders?page=2");
  });

  it.each([undefined, "", "orders", "//evil.example", "https://evil.example", "/\\evil.example"])(
    "sends %j home",
    (value) => {
      expect(safeLocalPath(value)).toBe("/");
    },
  );
});
