import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "./cookies.js";

describe("parseCookies", () => {
  it("reads name=value pairs, decoding values", () => {
    expect(parseCookies("a=1; shop_session=x%20y;b=2")).toEqual({
      a: "1",
      shop_session: "x y",
      b: "2",
    });
  });

  it("skips malformed pairs and keeps the first of a repeated name", () => {
    expect(parseCookies("junk; =x; a=1; a=2; bad=%E0%A4%A")).toEqual({ a: "1" });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe("serializeCookie", () => {
  it("makes an HttpOnly, SameSite=Lax, site-wide cookie", () => {
    expect(serializeCookie("s", "a b")).toBe("s=a%20b; Path=/; HttpOnly; SameSite=Lax");
  });

  it("adds Max-Age when asked (0 deletes the cookie)", () => {
    expect(serializeCookie("s", "", { maxAgeSeconds: 0 })).toBe(
      "s=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });
});
