import { VerifyLogEntrySchema, type Failures, type VerifyLogEntry } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import {
  countedSinceEscalation,
  decide,
  type AttemptEvidence,
  type DecideInput,
} from "./decide.js";
import { noFailures } from "../failures/failures.js";

const clean = (): AttemptEvidence => ({
  flowsRun: ["checkout"],
  passedFlows: ["checkout"],
  rerunPassedFlows: [],
  testsRan: true,
  rerunPassedTests: [],
  gates: { status: "pass", exit_code: 0, already_verified: false, error: null },
  failures: noFailures(),
});

/** The evidence with these failures recorded. */
const withFailures = (evidence: AttemptEvidence, failures: Partial<Failures>): AttemptEvidence => ({
  ...evidence,
  failures: { ...evidence.failures, ...failures },
});

const failing = (error = "expected 1, got 0"): AttemptEvidence =>
  withFailures(
    { ...clean(), passedFlows: [] },
    { failed_flows: [{ flow: "checkout", outcome: "fail", failing_step: "pay", error }] },
  );

function input(
  evidence: AttemptEvidence,
  history: VerifyLogEntry[] = [],
  tree = "tree-a",
): DecideInput {
  return {
    ticket: "bd-1",
    attempt: history.length + 1,
    timestamp: "2026-11-29T00:00:00.000Z",
    treeHash: tree,
    type: "task",
    retryBudget: 3,
    history,
    evidence,
  };
}

/** Run attempts in turn, each decided against the ones before it. */
function attempts(...steps: Array<{ evidence: AttemptEvidence; tree?: string }>): VerifyLogEntry[] {
  const history: VerifyLogEntry[] = [];
  for (const step of steps) history.push(decide(input(step.evidence, [...history], step.tree)));
  return history;
}

describe("decide", () => {
  it("a clean pass is a pass, not counted, and a valid log entry", () => {
    const entry = decide(input(clean()));
    expect(entry).toMatchObject({ decision: "pass", pass: true, counted: false, flaky: [] });
    expect(VerifyLogEntrySchema.parse(entry)).toEqual(entry);
  });

  it("counted failures: retry, retry, escalate at the budget", () => {
    const log = attempts({ evidence: failing() }, { evidence: failing() }, { evidence: failing() });
    expect(log.map((e) => [e.decision, e.counted])).toEqual([
      ["retry", true],
      ["retry", true],
      ["escalate", true],
    ]);
  });

  it("a budget of 1 escalates the first failure", () => {
    expect(decide({ ...input(failing()), retryBudget: 1 }).decision).toBe("escalate");
  });

  it("the same failure twice in a row is said to be the same; a different one is not", () => {
    const log = attempts(
      { evidence: failing("expected 1, got 0 after 120 ms") },
      { evidence: failing("expected 1, got 0 after 87 ms") },
      { evidence: failing("expected 1, got 2") },
    );
    expect(log.map((e) => e.same_as_previous)).toEqual([false, true, false]);
    expect(log[0]?.fingerprint).toBe(log[1]?.fingerprint);
  });

  it("an escalation starts a new budget (a human removed the label)", () => {
    const three = attempts(
      { evidence: failing() },
      { evidence: failing() },
      { evidence: failing() },
    );
    expect(countedSinceEscalation(three)).toBe(0);
    const next = decide(input(failing(), three));
    expect(next.decision).toBe("retry");
  });

  it("a setup problem is not counted and does not use the budget", () => {
    const setup = withFailures(clean(), { setup_error: "gates: base ref 'main' not found" });
    const log = attempts({ evidence: failing() }, { evidence: setup }, { evidence: failing() });
    expect(log.map((e) => [e.decision, e.counted])).toEqual([
      ["retry", true],
      ["setup", false],
      ["retry", true],
    ]);
  });

  it("failed then passed on the rerun: flaky, not counted, not a pass", () => {
    const entry = decide(input({ ...clean(), rerunPassedFlows: ["checkout"] }));
    expect(entry).toMatchObject({
      decision: "flaky",
      pass: false,
      counted: false,
      flaky: [{ kind: "flow", name: "checkout", reason: "rerun_passed" }],
    });
  });

  it("a flow that passed at the previous attempt on the same tree and fails now is flaky", () => {
    const acOpen = withFailures(clean(), { failed_ac: ["docs updated"] });
    const log = attempts(
      { evidence: acOpen },
      { evidence: withFailures(failing(), { failed_ac: ["docs updated"] }) },
    );
    expect(log[1]).toMatchObject({
      decision: "retry",
      failed_flows: [],
      failed_ac: ["docs updated"],
      flaky: [{ kind: "flow", name: "checkout", reason: "passed_before" }],
    });
  });

  it("on another tree the same pattern is a real failure", () => {
    const log = attempts({ evidence: clean(), tree: "a" }, { evidence: failing(), tree: "b" });
    expect(log[1]).toMatchObject({ decision: "retry", flaky: [] });
  });

  it("a pass on the same tree right after a failure is flaky; the next clean pass closes", () => {
    const log = attempts({ evidence: failing() }, { evidence: clean() }, { evidence: clean() });
    expect(log.map((e) => e.decision)).toEqual(["retry", "flaky", "pass"]);
    expect(log[1]?.flaky).toEqual([{ kind: "flow", name: "checkout", reason: "failed_before" }]);
  });

  it("without a tree hash (not a git repo) only reruns can show flakiness", () => {
    const history = [decide(input(failing(), [], null as unknown as string))];
    const next = decide({ ...input(clean(), history), treeHash: null });
    expect(next.decision).toBe("pass");
  });

  it("tests: failing now but passing at the previous attempt on the same tree is flaky", () => {
    const test = { file: "src/a.test.ts", name: "adds", message: "adds: expected 3" };
    const log = attempts(
      { evidence: withFailures(clean(), { failed_ac: ["x"] }) },
      { evidence: withFailures(clean(), { failed_tests: [test] }) },
    );
    expect(log[1]).toMatchObject({
      decision: "flaky",
      failed_tests: [],
      flaky: [{ kind: "test", name: "adds", reason: "passed_before" }],
    });
  });

  it("tests that failed then passed on the gates rerun are flaky", () => {
    const entry = decide(input({ ...clean(), rerunPassedTests: ["adds"] }));
    expect(entry.flaky).toEqual([{ kind: "test", name: "adds", reason: "rerun_passed" }]);
    expect(entry.decision).toBe("flaky");
  });

  it("lint, typecheck and other gate findings are counted failures", () => {
    const entry = decide(
      input(
        withFailures(clean(), {
          lint_errors: [
            { file: "a.ts", line: 3, rule: "no-console", message: "Unexpected console" },
          ],
        }),
      ),
    );
    expect(entry).toMatchObject({ decision: "retry", counted: true });
    const gate = { stage: "floor", file: null, line: null, rule: "regression", message: "no test" };
    const typecheck = { file: "a.ts", line: 1, code: "TS2322", message: "bad" };
    for (const failures of [{ gate_findings: [gate] }, { typecheck_errors: [typecheck] }]) {
      expect(decide(input(withFailures(clean(), failures))).decision).toBe("retry");
    }
  });

  it("a deliverable finding is a counted failure, kept in the record and not in the flat lists", () => {
    const finding = {
      file: "docs/report.md",
      line: 4,
      rule: "fabricated-citation" as const,
      message: "citation src/a.ts:99 does not resolve: the file has only 10 lines",
    };
    const entry = decide(input(withFailures(clean(), { deliverable_findings: [finding] })));
    expect(entry).toMatchObject({ decision: "retry", counted: true, gate_findings: [] });
    expect(entry.failures?.deliverable_findings).toEqual([finding]);
    expect(VerifyLogEntrySchema.parse(entry)).toEqual(entry);
  });
});

describe("tickets.flaky_threshold: how many flips on one tree make a failure flaky", () => {
  /** Attempts on one tree, each decided with this threshold against the ones before it. */
  function withThreshold(threshold: number, ...steps: AttemptEvidence[]): VerifyLogEntry[] {
    const history: VerifyLogEntry[] = [];
    for (const evidence of steps)
      history.push(
        decide({ ...input(evidence, [...history]), retryBudget: 10, flakyThreshold: threshold }),
      );
    return history;
  }
  const open = () => withFailures(clean(), { failed_ac: ["docs updated"] });
  const openFailing = () => withFailures(failing(), { failed_ac: ["docs updated"] });

  it("1 (the default): the first flip is flaky", () => {
    const log = withThreshold(1, open(), openFailing());
    expect(log[1]?.flaky).toEqual([{ kind: "flow", name: "checkout", reason: "passed_before" }]);
  });

  it("2: the first flip is a counted failure, the second and third are flaky", () => {
    const log = withThreshold(2, open(), openFailing(), open(), openFailing());
    expect(log.map((e) => [e.decision, e.counted])).toEqual([
      ["retry", true],
      ["retry", true],
      ["retry", true],
      ["retry", true],
    ]);
    expect(log.map((e) => e.flaky.map((f) => f.reason))).toEqual([
      [],
      [],
      ["failed_before"],
      ["passed_before"],
    ]);
    expect(log[1]?.failed_flows.map((f) => f.flow)).toEqual(["checkout"]);
    expect(log[3]?.failed_flows).toEqual([]);
  });

  it("2: a pass right after the first failure closes (one flip is not flaky yet)", () => {
    const log = withThreshold(2, failing(), clean());
    expect(log.map((e) => e.decision)).toEqual(["retry", "pass"]);
  });

  it("2: tests flip the same way", () => {
    const test = { file: "src/a.test.ts", name: "adds", message: "adds: expected 3" };
    const broken = () => withFailures(open(), { failed_tests: [test] });
    const log = withThreshold(2, open(), broken(), open(), broken());
    expect(log.map((e) => e.flaky.map((f) => `${f.kind}:${f.reason}`))).toEqual([
      [],
      [],
      ["test:failed_before"],
      ["test:passed_before"],
    ]);
    expect(log[1]?.failed_tests).toEqual([test]);
  });
});
