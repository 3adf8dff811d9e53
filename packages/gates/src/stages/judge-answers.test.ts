// Each answer of judge-verdict.integration's judge, read as the judge stage reads a judge's stdout
// (verdictsFromText, then aggregateVerdicts with the task's criteria and id). The stage's mapping
// of each decision to the exit code, the report's status and the summary is proved end to end
// there, once per decision: PASS (the bin), FAIL, NEEDS_HUMAN (a judge that exits 3).
import { describe, expect, it } from "vitest";
import { ANSWERS, CRITERIA } from "../../test/judge-answers.js";
import { aggregateVerdicts } from "../verdict/aggregate.js";
import { verdictsFromText } from "../verdict/parse.js";

const decide = async (answer: string) =>
  aggregateVerdicts(await verdictsFromText(ANSWERS[answer] ?? "", "judge output"), {
    expected: CRITERIA,
    taskId: "T-9",
  });

describe("the judge's answers, as the judge stage reads them", () => {
  it("the plain JSON form is read as well", async () => {
    expect((await decide("json")).decision).toBe("PASS");
  });

  it.each([
    ["no verdict block", "garbage", "no ```deadfish:VERDICT block and no JSON verdict"],
    ["a criterion left unjudged", "partial", "AC-02: no verdict"],
    ["a passing verdict for another task", "other-task", "a verdict is for task T-8, not T-9"],
    [
      "a passing verdict on a criterion the task does not have",
      "other-criteria",
      "AC-07: not a criterion of this task",
    ],
  ])("%s → NEEDS_HUMAN, never a pass", async (_name, answer, problem) => {
    const verdict = await decide(answer);
    expect(verdict.decision).toBe("NEEDS_HUMAN");
    expect(verdict.problems).toContainEqual(expect.stringContaining(problem));
  });

  it("the seed's YES/NO wording reads as PASS/FAIL", async () => {
    const failed = await decide("yes-no");
    expect(failed.decision).toBe("FAIL");
    expect(failed.criteria.map((c) => [c.id, c.status])).toEqual([
      ["AC-01", "PASS"],
      ["AC-02", "FAIL"],
    ]);
    expect((await decide("yes-yes")).decision).toBe("PASS");
  });

  it("the pass and fail answers the integration runs read as PASS and FAIL", async () => {
    expect((await decide("pass")).decision).toBe("PASS");
    expect((await decide("fail")).decision).toBe("FAIL");
  });
});
