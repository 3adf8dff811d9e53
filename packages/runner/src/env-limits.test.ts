import { describe, expect, it } from "vitest";
import { MAX_TIMER_MS, envMs } from "./env-limits.js";

describe("envMs", () => {
  it("reads a duration, bounded to what a timer can hold", () => {
    expect(envMs({ X: "250" }, "X", 1000)).toBe(250);
    expect(envMs({ X: "3000000000000" }, "X", 1000)).toBe(MAX_TIMER_MS);
    expect(envMs({ X: "90000" }, "X", 1000, 60_000)).toBe(60_000);
  });

  it("falls back when unset or unparsable", () => {
    expect(envMs({}, "X", 1000)).toBe(1000);
    expect(envMs({ X: " " }, "X", 1000)).toBe(1000);
    expect(envMs({ X: "soon" }, "X", 1000)).toBe(1000);
    expect(envMs({ X: "-5" }, "X", 1000)).toBe(1000);
    expect(envMs({ X: "Infinity" }, "X", 1000)).toBe(1000);
  });
});
