import { describe, expect, it } from "vitest";
import { appBaseUrl, resolveAppUrl } from "./base-url.js";

describe("a base_url with a path", () => {
  const base = "http://127.0.0.1:4173/examples/app/";

  it.each([
    ["/", "http://127.0.0.1:4173/examples/app/"],
    ["/active", "http://127.0.0.1:4173/examples/app/active"],
    ["/#/completed", "http://127.0.0.1:4173/examples/app/#/completed"],
    ["/examples/app/active", "/examples/app/active"],
    ["/examples/app", "/examples/app"],
    ["active", "active"],
    ["http://other/x", "http://other/x"],
    ["//cdn.example/x", "//cdn.example/x"],
  ])("goto(%s) opens %s", (url, expected) => {
    expect(resolveAppUrl(url, base)).toBe(expected);
  });

  it("treats a path without a trailing slash as the same folder", () => {
    expect(appBaseUrl("http://h/examples/app")).toBe("http://h/examples/app/");
    expect(resolveAppUrl("/x", "http://h/examples/app")).toBe("http://h/examples/app/x");
  });

  it("leaves a base_url without a path to Playwright", () => {
    expect(resolveAppUrl("/x", "http://127.0.0.1:4173")).toBe("/x");
    expect(resolveAppUrl("/x", "http://127.0.0.1:4173/")).toBe("/x");
  });
});
