import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CrapReportSchema } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, type Repo } from "../../test/fixture.js";
import { fixtureRecording, replayVitest } from "../../test/recorded-vitest.js";

// Seed 002: crap.json beside gates.json, and the advisory full scan after a test change.
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

const crapJson = (repo: Repo) =>
  CrapReportSchema.parse(JSON.parse(readFileSync(join(repo.dir, ".verify", "crap.json"), "utf8")));

describe("crap.json", () => {
  let fixtureTests: string;
  beforeAll(() => {
    fixtureTests = fixtureRecording();
  });

  it("scores each changed function beside gates.json; the one over the threshold fails", async () => {
    const repo = makeRepo();
    replayVitest(repo, fixtureTests);
    repo.write("src/grade.ts", GRADE);
    repo.write(
      "src/math.ts",
      repo.read("src/math.ts") + "export const half = (n: number) => n / 2;\n",
    );
    const result = await runCliInProcess(repo.dir, ["--only", "crap"]);
    expect(result.code, debug(result)).toBe(1);
    const report = crapJson(repo);
    expect(report).toMatchObject({
      status: "scored",
      threshold: 30,
      full_scan: false,
      advisory: [],
    });
    expect(report.functions).toEqual([
      {
        file: "src/grade.ts",
        name: "grade",
        line: 1,
        complexity: 11,
        coverage_pct: 0,
        crap: 132,
        over_threshold: true,
      },
      {
        file: "src/math.ts",
        name: "half",
        line: 4,
        complexity: 1,
        // No test calls it: 0 % covered (issue 37 §3), though its expression body has no
        // statement of its own that coverage could count.
        coverage_pct: 0,
        crap: 2,
        over_threshold: false,
      },
    ]);
  });

  it("a change with no source function: skipped, and the file says why", async () => {
    const repo = makeRepo();
    repo.write("README.md", "# notes\n");
    const result = await runCliInProcess(repo.dir, ["--only", "crap"]);
    expect(result.code, debug(result)).toBe(0);
    expect(crapJson(repo)).toMatchObject({
      status: "skipped",
      reason: "no changed source functions",
      functions: [],
    });
  });

  it("a test change scores every covered function: an old complex one is advisory and never fails", async () => {
    // No coverage threshold here: the one test leaves grade mostly uncovered on purpose.
    const repo = makeRepo({
      "src/grade.ts": GRADE,
      "vitest.config.ts":
        'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["src/**/*.test.ts"] } });\n',
    });
    repo.write(
      "src/grade.test.ts",
      'import { expect, it } from "vitest";\nimport { grade } from "./grade.js";\n\nit("grades A", () => {\n  expect(grade(95, false, false)).toBe("A");\n});\n',
    );
    const result = await runCliInProcess(repo.dir, ["--only", "tests,crap"]);
    expect(result.code, debug(result)).toBe(0);
    const crapStage = result.report?.stages.find((s) => s.stage === "crap");
    expect(crapStage?.reason).toContain("1 function(s) outside the change over 30, advisory");
    const report = crapJson(repo);
    expect(report).toMatchObject({ full_scan: true, functions: [] });
    expect(report.advisory).toEqual([
      expect.objectContaining({
        file: "src/grade.ts",
        name: "grade",
        complexity: 11,
        over_threshold: true,
      }),
    ]);
  });
});
