// Issue 34 §2, end to end: the verify-gates bin on a real vitest repo whose committed test is red.
// A weakened test is red at its line even though the weakened copy would pass; the honest fix is green.
import { describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../../test/fixture.js";
import { DISCOUNT_TEST, DISCOUNT_STUB } from "../../test/discount-task.js";

const TEST = DISCOUNT_TEST;
const BUGGY = DISCOUNT_STUB;
const FIXED =
  'export function discount(price: number, code: string): number {\n  return code === "SAVE10" ? price - 10 : price;\n}\n';

const red = () => makeRepo({ "src/price.ts": BUGGY, "src/price.test.ts": TEST });

describe("verify-gates on a red test the agent weakens", () => {
  it("toBe(90) → toBeDefined(): exit 1, the floor names src/price.test.ts:5 and what was weakened", () => {
    const repo = red();
    repo.write("src/price.test.ts", TEST.replace("toBe(90)", "toBeDefined()"));
    repo.commit("make it pass");
    const result = runCli(repo.dir, ["--only", "floor,tests"]);
    expect(result.code, debug(result)).toBe(1);
    const weakened = result.report?.findings.find((f) => f.rule === "weakened-test");
    expect(weakened, debug(result)).toMatchObject({
      stage: "floor",
      file: "src/price.test.ts",
      line: 5,
    });
    expect(weakened?.message).toContain('toBe(90) → expect(discount(100,"SAVE10")).toBeDefined()');
    expect(result.stdout).toContain("src/price.test.ts:5");
  });

  it("the honest fix, with a stricter and a new test: exit 0", () => {
    const repo = red();
    repo.write("src/price.ts", FIXED);
    repo.write(
      "src/price.test.ts",
      `${TEST}it("keeps the price without a code", () => {\n  expect(discount(7, "")).toBe(7);\n});\n`,
    );
    repo.commit("fix the discount");
    const result = runCli(repo.dir, ["--only", "floor,tests"]);
    expect(result.code, debug(result)).toBe(0);
    const ran = result.report?.stages.filter((s) => s.status !== "skip");
    expect(ran?.map((s) => `${s.stage}:${s.status}`)).toEqual(["floor:pass", "tests:pass"]);
  });
});
