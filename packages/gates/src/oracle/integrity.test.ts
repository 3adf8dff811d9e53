// Issue 34 §2 and §4, the decision alone: given what the runner reported, which oracle tests are
// missing, skipped or failed. The real runners' output read into this decision is shown once per
// runner in oracle-decides.integration.test.ts and oracle-run.integration.test.ts; the cases here
// differ only in the report and the copy, so they need no run.
import type { GateTestCase, TaskTestEntry } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import type { RawFinding } from "../tools/run-tool.js";
import type { TestRun } from "../tools/vitest.js";
import type { OracleCopy } from "./copy.js";
import { DISCOUNT_TEST_TWO_CASES } from "../../test/discount-task.js";
import { oracleIntegrity } from "./integrity.js";
import type { Oracle, OracleFile } from "./oracle.js";

const RED = DISCOUNT_TEST_TWO_CASES;

/** The oracle as the task began: the red test (the oracle holds tests, configs and scripts). */
function oracleOf(texts: Record<string, string> = { "src/price.test.ts": RED }): Oracle {
  const files = new Map<string, OracleFile>(
    Object.keys(texts).map((path) => [path, { kind: "test", sha256: "" }]),
  );
  return {
    id: "oracle",
    source: { kind: "tree", taken_at: "2026-01-01T00:00:00Z" },
    files,
    read: (path) => Promise.resolve(texts[path]),
    readMany: () => Promise.resolve(new Map()),
    paths: () => [...files.keys()].sort(),
  };
}

function copyOf(parts: Partial<OracleCopy> = {}): OracleCopy {
  return {
    dir: "/copy",
    aliases: new Map(),
    restored: [],
    moved: [],
    declared: [],
    dispose: () => Promise.resolve(),
    ...parts,
  };
}

const runOf = (tests: GateTestCase[], findings: RawFinding[] = []): TestRun => ({
  findings,
  totalTests: tests.length,
  coverage: new Map(),
  tests,
});

const rules = (run: TestRun) => run.findings.map((f) => `${f.file}:${f.rule}`);
const messages = (run: TestRun, rule: string) =>
  run.findings.filter((f) => f.rule === rule).map((f) => f.message);
const testNames = (run: TestRun) => (run.tests ?? []).map((t) => `${t.file}:${t.name}:${t.status}`);

const FAILED_SAVE10: RawFinding = {
  file: "src/price.test.ts",
  line: 5,
  rule: "test-failed",
  message: "takes 10 off with SAVE10: expected 85 to be 90",
};

describe("oracleIntegrity: every oracle test is found, run and passes", () => {
  it("a test the runner reports skipped (a -t filter) is named, red", async () => {
    const run = runOf([
      { file: "src/price.test.ts", name: "takes 10 off with SAVE10", status: "skipped" },
      { file: "src/price.test.ts", name: "keeps the price without a code", status: "passed" },
    ]);
    const checked = await oracleIntegrity(oracleOf(), copyOf(), run);
    expect(rules(checked)).toEqual(["src/price.test.ts:oracle-test-skipped"]);
    expect(messages(checked, "oracle-test-skipped").join("\n")).toContain(
      "takes 10 off with SAVE10",
    );
  });

  it("a test file moved out of the runner's include: its tests are named missing", async () => {
    const run = runOf([{ file: "src/math.test.ts", name: "adds", status: "passed" }]);
    const copy = copyOf({ moved: ["src/price.test.ts"] });
    const checked = await oracleIntegrity(oracleOf(), copy, run);
    expect(rules(checked)).toContain("src/price.test.ts:oracle-test-missing");
    expect(messages(checked, "oracle-test-missing").join("\n")).toContain(
      "takes 10 off with SAVE10",
    );
    // Run under its new name, the moved file's tests are found.
    const ran = runOf([
      { file: "spec/price.test.ts", name: "takes 10 off with SAVE10", status: "passed" },
      { file: "spec/price.test.ts", name: "keeps the price without a code", status: "passed" },
    ]);
    expect(rules(await oracleIntegrity(oracleOf(), copy, ran))).toEqual([]);
  });

  it("a test of a reported oracle file not in the report (renamed, filtered) is named missing", async () => {
    const run = runOf([
      { file: "src/price.test.ts", name: "keeps the price without a code", status: "passed" },
    ]);
    const checked = await oracleIntegrity(oracleOf(), copyOf(), run);
    expect(rules(checked)).toEqual(["src/price.test.ts:oracle-test-missing"]);
    expect(messages(checked, "oracle-test-missing")).toEqual([
      "takes 10 off with SAVE10: a test of the oracle is not in the run's report (filtered out, renamed or removed)",
    ]);
  });

  describe("a test the change modified, run in both versions", () => {
    // The oracle's version fails (the code now takes 15), the change's (its alias) passes.
    const alias = "src/price.gates-change.test.ts";
    const both = () =>
      runOf(
        [
          { file: "src/price.test.ts", name: "takes 10 off with SAVE10", status: "failed" },
          { file: "src/price.test.ts", name: "keeps the price without a code", status: "passed" },
          { file: alias, name: "takes 10 off with SAVE10", status: "passed" },
          { file: alias, name: "keeps the price without a code", status: "passed" },
        ],
        [FAILED_SAVE10],
      );
    const copy = copyOf({ aliases: new Map([[alias, "src/price.test.ts"]]) });
    const modify: TaskTestEntry = {
      file: "src/price.test.ts",
      name: "takes 10 off with SAVE10",
      action: "modify",
      reason: "SAVE10 takes 15 off from now on",
      line: 3,
    };

    it("undeclared: the oracle's version decides, red", async () => {
      const checked = await oracleIntegrity(oracleOf(), copy, both());
      expect(rules(checked)).toContain("src/price.test.ts:test-failed");
      expect(testNames(checked)).toContain("src/price.test.ts:takes 10 off with SAVE10:failed");
    });

    it("declared (## TESTS, action: modify): the change's version decides and is listed", async () => {
      const checked = await oracleIntegrity(oracleOf(), copy, both(), [modify]);
      expect(checked.findings).toEqual([]);
      expect(testNames(checked)).toEqual(
        expect.arrayContaining([
          "src/price.test.ts:takes 10 off with SAVE10:passed",
          "src/price.test.ts:keeps the price without a code:passed",
        ]),
      );
    });
  });

  it("an acceptance test of the task (## TESTS) must be in the report", async () => {
    const keep = (name: string, line: number): TaskTestEntry => ({
      file: "src/price.test.ts",
      name,
      action: "keep",
      reason: null,
      line,
    });
    const run = runOf([
      { file: "src/price.test.ts", name: "takes 10 off with SAVE10", status: "passed" },
      { file: "src/price.test.ts", name: "keeps the price without a code", status: "passed" },
    ]);
    const checked = await oracleIntegrity(oracleOf(), copyOf(), run, [
      keep("takes 10 off with SAVE10", 2),
      keep("takes 20 off with SAVE20", 3),
    ]);
    expect(rules(checked)).toEqual(["src/price.test.ts:oracle-test-missing"]);
    expect(messages(checked, "oracle-test-missing")).toEqual([
      "src/price.test.ts > takes 20 off with SAVE20: an acceptance test of the task (## TESTS) is not in the run's report",
    ]);
    expect(testNames(checked)).toContain("src/price.test.ts:takes 10 off with SAVE10:passed");
  });
});
