import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { firstRunEnv, managerTrace, mergeRetry, retryEnv, wantsRetry } from "./trace-policy.js";

const outcome = (kind: OutcomeKind, extra: Partial<FlowOutcome> = {}): FlowOutcome => ({
  flow: "f",
  outcome: kind,
  exit_code: kind === "pass" ? 0 : 1,
  signal: null,
  duration_ms: 100,
  failing_step: kind === "pass" ? null : "s",
  error: kind === "pass" ? null : "boom",
  artifacts: null,
  stderr_tail: "",
  result: null,
  ...extra,
});

describe("the manager's trace policy", () => {
  it("is --trace, else the manifest's, else on-first-retry", () => {
    expect(managerTrace(undefined, undefined)).toBe("on-first-retry");
    expect(managerTrace(undefined, "on")).toBe("on");
    expect(managerTrace("off", "on")).toBe("off");
    // The ticket loop reruns failures itself: each run then keeps a trace on failure.
    expect(managerTrace(undefined, undefined, false)).toBe("retain-on-failure");
    expect(managerTrace(undefined, "off", false)).toBe("off");
  });

  it("tells the runner what to record through VERIFY_TRACE", () => {
    expect(firstRunEnv({ A: "1" }, "on-first-retry")).toEqual({ A: "1", VERIFY_TRACE: "off" });
    expect(firstRunEnv({}, "retain-on-failure")).toEqual({ VERIFY_TRACE: "retain-on-failure" });
    expect(retryEnv({ VERIFY_TRACE: "off", B: "2" })).toEqual({ VERIFY_TRACE: "on", B: "2" });
  });

  it("retries a fail or a timeout under on-first-retry only", () => {
    expect(wantsRetry("on-first-retry", outcome("fail"))).toBe(true);
    expect(wantsRetry("on-first-retry", outcome("timeout"))).toBe(true);
    for (const kind of ["pass", "crash", "setup_error", "mismatch", "not_implemented"] as const)
      expect(wantsRetry("on-first-retry", outcome(kind))).toBe(false);
    for (const policy of ["off", "on", "retain-on-failure"] as const)
      expect(wantsRetry(policy, outcome("fail"))).toBe(false);
  });

  it("a pass on the second run is flaky, with the first run's error and the second's trace", () => {
    const first = outcome("fail", { artifacts: { screenshot: "/1.png", dir: "/1" } });
    const second = outcome("pass", { artifacts: { trace: "/2/trace.zip", dir: "/2" } });
    expect(mergeRetry(first, second)).toMatchObject({
      outcome: "flaky",
      failing_step: "s",
      error: "boom",
      duration_ms: 200,
      artifacts: { screenshot: "/1.png", trace: "/2/trace.zip", dir: "/2" },
      first_attempt: { outcome: "fail", duration_ms: 100, failing_step: "s", error: "boom" },
    });
  });

  it("keeps the first run's own evidence on first_attempt, for a tab per attempt", () => {
    const first = outcome("fail", { artifacts: { screenshot: "/1.png" }, stderr_tail: "one" });
    const merged = mergeRetry(first, outcome("pass", { artifacts: { trace: "/2.zip" } }));
    expect(merged.first_attempt).toMatchObject({
      artifacts: { screenshot: "/1.png" },
      result: first.result,
      stderr_tail: "one",
    });
  });

  it("a second failure stands as it is, noting the first", () => {
    const second = outcome("timeout", { error: "late", artifacts: { trace: "/t.zip" } });
    expect(mergeRetry(outcome("fail"), second)).toMatchObject({
      outcome: "timeout",
      error: "late",
      artifacts: { trace: "/t.zip" },
      first_attempt: { outcome: "fail" },
    });
  });
});
