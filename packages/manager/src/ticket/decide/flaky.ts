import type { Failures, Flaky, VerifyLogEntry } from "@agent-verify/contract";
import type { Evidence } from "../collect/evidence.js";
import { failuresOf } from "../failures/failures.js";

export type FlakyEvidence = Pick<
  Evidence,
  | "failures"
  | "passedFlows"
  | "rerunPassedFlows"
  | "confirmFailedFlows"
  | "testsRan"
  | "rerunPassedTests"
>;

type State = "pass" | "fail" | null;

/** The attempts before this one on the same tree, newest first (setup attempts ran nothing). */
function sameTree(history: readonly VerifyLogEntry[], treeHash: string): VerifyLogEntry[] {
  const out: VerifyLogEntry[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i] as VerifyLogEntry;
    if (entry.decision === "setup") continue;
    if (entry.tree_hash !== treeHash) break;
    out.push(entry);
  }
  return out;
}

/** What a flow or test came to at a past attempt; one called flaky for failing there failed. */
function stateAt(entry: VerifyLogEntry, kind: Flaky["kind"], name: string): State {
  if (entry.flaky.some((f) => f.kind === kind && f.name === name && f.reason === "passed_before"))
    return "fail";
  const failures = failuresOf(entry);
  if (kind === "flow") {
    if (failures.failed_flows.some((f) => f.flow === name && f.outcome !== "setup_error"))
      return "fail";
    return entry.passed_flows.includes(name) ? "pass" : null;
  }
  if (!entry.tests_ran) return null;
  return failures.failed_tests.some((t) => t.name === name) ? "fail" : "pass";
}

/** Pass/fail flips of one flow or test over the same-tree attempts, this one included. */
function flips(now: State, run: readonly VerifyLogEntry[], kind: Flaky["kind"], name: string) {
  let count = 0;
  let later = now;
  for (const entry of run) {
    const state = stateAt(entry, kind, name);
    if (state === null) continue;
    if (later !== null && state !== later) count += 1;
    later = state;
  }
  return count;
}

/**
 * The failures that hold up, and the flaky ones: failed then passed on a rerun; or, against the
 * previous attempt on the same tree, failing now after passing then (or passing after failing),
 * once it has flipped `threshold` times on that tree (tickets.flaky_threshold; seed 000: 1).
 */
export function separateFlaky(
  evidence: FlakyEvidence,
  history: readonly VerifyLogEntry[],
  treeHash: string | null,
  threshold = 1,
): Failures {
  const { failures } = evidence;
  const flaky: Flaky[] = [
    ...evidence.rerunPassedFlows.map((name): Flaky => ({
      kind: "flow",
      name,
      reason: "rerun_passed",
    })),
    ...(evidence.confirmFailedFlows ?? []).map((name): Flaky => ({
      kind: "flow",
      name,
      reason: "confirm_failed",
    })),
  ];
  const testFlaky: Flaky[] = evidence.rerunPassedTests.map((name) => ({
    kind: "test",
    name,
    reason: "rerun_passed",
  }));
  // A setup problem ran nothing worth comparing with: look at the attempt before it.
  const previous = [...history].reverse().find((entry) => entry.decision !== "setup");
  if (previous === undefined || treeHash === null || previous.tree_hash !== treeHash) {
    return { ...failures, flaky: [...flaky, ...testFlaky] };
  }
  const before = failuresOf(previous);
  const run = sameTree(history, treeHash);
  const isFlaky = (kind: Flaky["kind"], name: string, now: State) =>
    threshold <= 1 || flips(now, run, kind, name) >= threshold;
  // What failed at the previous attempt includes what was called flaky there for having
  // passed the time before (a flip): else fail/pass/fail/pass would close at the fourth.
  const flippedBefore = (kind: Flaky["kind"]) =>
    new Set(
      previous.flaky
        .filter((f) => f.kind === kind && f.reason === "passed_before")
        .map((f) => f.name),
    );
  const flowsFlipped = flippedBefore("flow");
  const failedFlows = failures.failed_flows.filter((f) => {
    if (!previous.passed_flows.includes(f.flow) || !isFlaky("flow", f.flow, "fail")) return true;
    flaky.push({ kind: "flow", name: f.flow, reason: "passed_before" });
    return false;
  });
  const rerun = new Set(evidence.rerunPassedFlows);
  for (const name of evidence.passedFlows) {
    if (rerun.has(name)) continue;
    const failedBefore = before.failed_flows.some(
      (f) => f.flow === name && f.outcome !== "setup_error",
    );
    if ((failedBefore || flowsFlipped.has(name)) && isFlaky("flow", name, "pass")) {
      flaky.push({ kind: "flow", name, reason: "failed_before" });
    }
  }
  const previousFailedTests = new Set([
    ...before.failed_tests.map((t) => t.name),
    ...flippedBefore("test"),
  ]);
  const failedTests = failures.failed_tests.filter((t) => {
    if (!previous.tests_ran || previousFailedTests.has(t.name)) return true;
    if (!isFlaky("test", t.name, "fail")) return true;
    testFlaky.push({ kind: "test", name: t.name, reason: "passed_before" });
    return false;
  });
  if (evidence.testsRan) {
    const nowFailing = new Set(failures.failed_tests.map((t) => t.name));
    const rerunTests = new Set(evidence.rerunPassedTests);
    for (const name of previousFailedTests) {
      if (!nowFailing.has(name) && !rerunTests.has(name) && isFlaky("test", name, "pass")) {
        testFlaky.push({ kind: "test", name, reason: "failed_before" });
      }
    }
  }
  return {
    ...failures,
    failed_flows: failedFlows,
    failed_tests: failedTests,
    flaky: [...flaky, ...testFlaky],
  };
}
