import { describe, expect, it } from "vitest";
import { killGraceMs } from "./proc.js";

describe("killGraceMs (the grace between SIGTERM and SIGKILL of a shared server)", () => {
  it.each([
    [undefined, 1500],
    ["", 1500],
    ["  ", 1500],
    ["300", 300],
    ["0", 0],
    ["12.6", 13],
    ["-5", 1500],
    ["soon", 1500],
    ["99999999999", 60_000],
  ])("VERIFY_WEB_SERVER_GRACE_MS=%j gives %d ms", (raw, expected) => {
    expect(killGraceMs(raw === undefined ? {} : { VERIFY_WEB_SERVER_GRACE_MS: raw })).toBe(
      expected,
    );
  });
});
