import { describe, expect, it } from "vitest";
import { traceForRun } from "./trace-policy.js";

describe("traceForRun", () => {
  it("defaults to retain-on-failure when nothing says otherwise", () => {
    expect(traceForRun(undefined, {}, undefined)).toBe("retain-on-failure");
  });

  it("takes --trace over VERIFY_TRACE over the manifest", () => {
    expect(traceForRun("on", { VERIFY_TRACE: "off" }, "retain-on-failure")).toBe("on");
    expect(traceForRun(undefined, { VERIFY_TRACE: "off" }, "on")).toBe("off");
    expect(traceForRun(undefined, { VERIFY_TRACE: "" }, "on")).toBe("on");
    expect(traceForRun(undefined, {}, "off")).toBe("off");
  });

  it("records nothing for on-first-retry: a run alone is a first attempt", () => {
    expect(traceForRun(undefined, {}, "on-first-retry")).toBe("off");
    expect(traceForRun("on-first-retry", {}, "on")).toBe("off");
    // The manager's second run says on.
    expect(traceForRun(undefined, { VERIFY_TRACE: "on" }, "on-first-retry")).toBe("on");
  });

  it("ignores a VERIFY_TRACE that is not a policy", () => {
    expect(traceForRun(undefined, { VERIFY_TRACE: "sometimes" }, "off")).toBe("off");
  });
});
