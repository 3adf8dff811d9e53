import { describe, expect, it } from "vitest";
import { loginPath } from "./account-routes.js";

describe("loginPath", () => {
  it("keeps slashes readable and encodes the rest", () => {
    expect(loginPath("/orders")).toBe("/login?next=/orders");
    expect(loginPath("/orders?a=1&b=2")).toBe("/login?next=/orders%3Fa%3D1%26b%3D2");
  });
});
