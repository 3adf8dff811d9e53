import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PORT, parseBugs, parsePort } from "./config.js";

describe("parseBugs", () => {
  it("reads nothing from an unset or blank value", () => {
    expect(parseBugs(undefined)).toEqual([]);
    expect(parseBugs(" , ")).toEqual([]);
  });

  it("reads a comma-separated list, trimmed and without repeats", () => {
    expect(parseBugs("cart-count, login-always-fails,cart-count")).toEqual([
      "cart-count",
      "login-always-fails",
    ]);
  });

  it("rejects unknown names and lists the known ones", () => {
    expect(() => parseBugs("cart-count,typo")).toThrow(ConfigError);
    expect(() => parseBugs("typo")).toThrow(
      'unknown DEMO_BUG "typo"; known: cart-count, checkout-empty-email, login-always-fails',
    );
  });
});

describe("parsePort", () => {
  it("defaults to 4173 and accepts 0 for a free port", () => {
    expect(parsePort(undefined)).toBe(DEFAULT_PORT);
    expect(parsePort("")).toBe(DEFAULT_PORT);
    expect(parsePort("0")).toBe(0);
    expect(parsePort("8080")).toBe(8080);
  });

  it.each(["abc", "-1", "1.5", "65536"])("rejects %s", (value) => {
    expect(() => parsePort(value)).toThrow(
      `PORT must be an integer from 0 to 65535, got "${value}"`,
    );
  });
});
