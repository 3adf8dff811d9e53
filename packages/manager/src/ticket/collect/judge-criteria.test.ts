import type { AggregatedVerdict, CriterionResult } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { evaluateAcceptance, parseAcceptance } from "./acceptance.js";
import { criteriaFileText, withJudge } from "./judge-criteria.js";

const items = parseAcceptance(
  "- [ ] unchecked\n- [x] checked\n- n/a: skipped\n- `checkout` passes\n",
);
const byEvidence = evaluateAcceptance(items, {
  flowsRun: new Set(["checkout"]),
  passedFlows: new Set(),
  tests: null,
});

function judge(statuses: Array<CriterionResult["status"] | null>): AggregatedVerdict {
  const criteria = statuses.flatMap((status, index) =>
    status === null
      ? []
      : [{ id: `AC-0${index + 1}`, text: null, status, evidence: `e${index + 1}` }],
  );
  return {
    schema_version: 1,
    decision: "FAIL",
    task_id: null,
    criteria,
    fix_forward: [],
    problems: [],
    verdicts: 1,
  };
}

describe("the judge's word on the criteria", () => {
  it("hands every applicable criterion to the judge, numbered", () => {
    expect(criteriaFileText(items)).toBe(
      "- AC-01: unchecked\n- AC-02: checked\n- AC-03: `checkout` passes\n",
    );
    expect(criteriaFileText(parseAcceptance("- n/a: only this"))).toBeNull();
  });

  it.each<[string, Array<CriterionResult["status"] | null>, string[], string[]]>([
    [
      "no verdict for a criterion changes nothing",
      [null, null, null],
      ["unchecked", "`checkout` passes"],
      ["checked"],
    ],
    [
      "PASS meets an unchecked box",
      ["PASS", null, null],
      ["`checkout` passes"],
      ["unchecked", "checked"],
    ],
    [
      "PASS does not outvote a failed cited flow",
      [null, null, "PASS"],
      ["unchecked", "`checkout` passes"],
      ["checked"],
    ],
    [
      "FAIL fails a checked box",
      [null, "FAIL", null],
      ["unchecked", "checked", "`checkout` passes"],
      [],
    ],
    [
      "NEEDS_HUMAN fails too",
      ["PASS", "NEEDS_HUMAN", null],
      ["checked", "`checkout` passes"],
      ["unchecked"],
    ],
  ])("%s", (_label, statuses, failed, done) => {
    const verdict = withJudge(byEvidence, items, judge(statuses));
    expect(verdict.failed).toEqual(failed);
    expect(verdict.done).toEqual(done);
    expect(verdict.skipped).toEqual(["n/a: skipped"]);
  });

  it("gives the judge's evidence as the reason, after the evidence's own", () => {
    const verdict = withJudge(byEvidence, items, judge(["FAIL", "NEEDS_HUMAN", "FAIL"]));
    expect(verdict.reasons).toEqual({
      unchecked: "judge: e1",
      checked: "judge: needs a human",
      "`checkout` passes": "flow `checkout` failed; judge: e3",
    });
  });

  it("a verdict that needs a human as a whole (another task, a failed judge) passes no criterion", () => {
    const unsure: AggregatedVerdict = {
      ...judge(["PASS", "PASS", "PASS"]),
      decision: "NEEDS_HUMAN",
      problems: ["the judge command exited 3"],
    };
    const verdict = withJudge(byEvidence, items, unsure);
    expect(verdict.failed).toEqual(["unchecked", "checked", "`checkout` passes"]);
    expect(verdict.done).toEqual([]);
    expect(verdict.reasons.unchecked).toBe("judge: needs a human (the judge command exited 3)");
  });

  it("is the evidence verdict when no judge answered", () => {
    expect(withJudge(byEvidence, items, null)).toBe(byEvidence);
  });
});
