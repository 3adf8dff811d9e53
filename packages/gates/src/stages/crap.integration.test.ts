import { describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

const GRADE = [
  "export function grade(score: number, bonus: boolean, late: boolean): string {",
  '  if (score > 90) return bonus ? "A+" : "A";',
  '  if (score > 80) return late ? "B-" : "B";',
  '  if (score > 70 && !late) return "C";',
  '  if (score > 60 || bonus) return "D";',
  "  for (let i = 0; i < 3; i++) {",
  '    if (i === score) return "odd";',
  "  }",
  '  return "F";',
  "}",
  "",
].join("\n");

const GRADE_TESTS = [
  'import { expect, it } from "vitest";',
  'import { grade } from "./grade.js";',
  "",
  'it("grades every band", () => {',
  '  expect(grade(95, true, false)).toBe("A+");',
  '  expect(grade(85, false, true)).toBe("B-");',
  '  expect(grade(75, false, false)).toBe("C");',
  '  expect(grade(65, false, false)).toBe("D");',
  '  expect(grade(1, false, false)).toBe("odd");',
  '  expect(grade(50, false, false)).toBe("F");',
  "});",
  "",
].join("\n");

describe("crap on the functions the change touched", () => {
  it("a complex uncovered function fails with name, file:line, complexity, coverage and score", () => {
    const repo = makeRepo();
    repo.write("src/grade.ts", GRADE);
    const result = runCli(repo.dir, ["--only", "crap"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({
        stage: "crap",
        file: "src/grade.ts",
        line: 1,
        message: "function 'grade' CRAP 132.0 > 30 (complexity 11, coverage 0%)",
      }),
    ]);
  });

  it("the same function fully tested passes (score = complexity)", () => {
    const repo = makeRepo();
    repo.write("src/grade.ts", GRADE);
    repo.write("src/grade.test.ts", GRADE_TESTS);
    const result = runCli(repo.dir, ["--only", "tests,crap"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.stages.map((s) => `${s.stage}:${s.status}`)).toContain("crap:pass");
  });

  it("an old complex function the change did not touch does not count", () => {
    const repo = makeRepo({ "src/grade.ts": GRADE });
    repo.write("src/grade.ts", GRADE + "\nexport const other = 1;\n");
    const result = runCli(repo.dir, ["--only", "crap"]);
    expect(result.code, debug(result)).toBe(0);
  });

  it("a failing test → exit 1 naming the test at its file:line", () => {
    const repo = makeRepo();
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("toBe(3)", "toBe(4)"));
    const result = runCli(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      stage: "tests",
      file: "src/math.test.ts",
      line: 4,
      rule: "test-failed",
    });
    expect(result.report?.findings[0]?.message).toContain(
      "adds: AssertionError: expected 3 to be 4",
    );
  });

  it("no tests at all → exit 2", () => {
    const repo = makeRepo();
    repo.write(
      "vitest.config.ts",
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["none/**"], passWithNoTests: true } });\n',
    );
    const result = runCli(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("found no tests");
  });
});
