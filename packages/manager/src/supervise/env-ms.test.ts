import { describe, expect, it } from "vitest";
import { msFromEnv } from "./env-ms.js";
import { MAX_TIMER_MS, timerMs } from "./timer-limit.js";

describe("msFromEnv", () => {
  it("reads whole milliseconds; unset or empty is the default", () => {
    expect(msFromEnv({ GRACE: "250" }, "GRACE")).toBe(250);
    expect(msFromEnv({ GRACE: "0" }, "GRACE")).toBe(0);
    expect(msFromEnv({ GRACE: String(MAX_TIMER_MS) }, "GRACE")).toBe(MAX_TIMER_MS);
    expect(msFromEnv({}, "GRACE")).toBeUndefined();
    expect(msFromEnv({ GRACE: "" }, "GRACE")).toBeUndefined();
  });

  it("refuses what a timer cannot hold, and what is not a number, naming the variable", () => {
    for (const value of ["3000000000", String(MAX_TIMER_MS + 1), "1e9", "-5", "5s", "2.5"]) {
      expect(() => msFromEnv({ GRACE: value }, "GRACE")).toThrow(
        `GRACE=${JSON.stringify(value)}: expected a whole number of milliseconds from 0 to 2147483647`,
      );
    }
  });
});

describe("timerMs", () => {
  it("clamps to what a timer holds", () => {
    expect(timerMs(3_000_000_000)).toBe(MAX_TIMER_MS);
    expect(timerMs(-1)).toBe(0);
    expect(timerMs(12.7)).toBe(12);
    expect(timerMs(Number.NaN)).toBe(0);
    expect(timerMs(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
  });
});
