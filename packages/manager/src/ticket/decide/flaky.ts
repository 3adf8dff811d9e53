import type { Failures, Flaky, VerifyLogEntry } from "@agent-verify/contract";
import type { Evidence } from "../collect/evidence.js";
import { failuresOf } from "../failures/failures.js";

export type FlakyEvidence = Pick<
  Evidence,
  "failures" | "passedFlows" | "rerunPassedFlows" | "testsRan" | "rerunPassedTests"
>;

/**
 * The failures that hold up, and the flaky ones: failed then passed on a rerun; or, against the
 * previous attempt on the same tree, failing now after passing then (or passing after failing).
 */
export function separateFlaky(
  evidence: FlakyEvidence,
  history: readonly VerifyLogEntry[],
  treeHash: string | null,
): Failures {
  const { failures } = evidence;
  const flaky: Flaky[] = [
    ...evidence.rerunPassedFlows.map((name): Flaky => ({
      kind: "flow",
      name,
      reason: "rerun_passed",
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
    if (!previous.passed_flows.includes(f.flow)) return true;
    flaky.push({ kind: "flow", name: f.flow, reason: "passed_before" });
    return false;
  });
  const rerun = new Set(evidence.rerunPassedFlows);
  for (const name of evidence.passedFlows) {
    if (rerun.has(name)) continue;
    const failedBefore = before.failed_flows.some(
      (f) => f.flow === name && f.outcome !== "setup_error",
    );
    if (failedBefore || flowsFlipped.has(name)) {
      flaky.push({ kind: "flow", name, reason: "failed_before" });
    }
  }
  const previousFailedTests = new Set([
    ...before.failed_tests.map((t) => t.name),
    ...flippedBefore("test"),
  ]);
  const failedTests = failures.failed_tests.filter((t) => {
    if (!previous.tests_ran || previousFailedTests.has(t.name)) return true;
    testFlaky.push({ kind: "test", name: t.name, reason: "passed_before" });
    return false;
  });
  if (evidence.testsRan) {
    const nowFailing = new Set(failures.failed_tests.map((t) => t.name));
    const rerunTests = new Set(evidence.rerunPassedTests);
    for (const name of previousFailedTests) {
      if (!nowFailing.has(name) && !rerunTests.has(name)) {
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
