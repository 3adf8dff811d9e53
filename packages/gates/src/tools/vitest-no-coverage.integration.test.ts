import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 (zod): a vitest repository whose own test script runs without coverage, and has no
// coverage provider installed. Its own scripts pass: gates runs its tests too, without coverage,
// and names the CRAP stage as skipped for want of a provider (not a setup error, not a pass).

const NO_PROVIDER = { omit: ["@vitest/coverage-istanbul", "@vitest/coverage-v8"] };

/** Complexity 6: with no coverage measured, CRAP would read it as untested (42). */
const GRADE = [
  "export function grade(n: number): string {",
  '  if (n > 90) return "a";',
  '  if (n > 80) return "b";',
  '  if (n > 70) return "c";',
  '  if (n > 60) return "d";',
  '  if (n > 50) return "e";',
  '  return "f";',
  "}",
  "",
].join("\n");

const LIBRARY: Record<string, string> = {
  "package.json": packageJson({
    scripts: { test: "vitest run" },
    devDependencies: { vitest: "*" },
  }),
  "vitest.config.ts": [
    'import { defineConfig } from "vitest/config";',
    "",
    'export default defineConfig({ test: { include: ["test/**/*.test.ts"] } });',
    "",
  ].join("\n"),
  "src/grade.ts": GRADE,
  "test/grade.test.ts": [
    'import { expect, it } from "vitest";',
    'import { grade } from "../src/grade.js";',
    "",
    'it("grades", () => {',
    '  expect(grade(95)).toBe("a");',
    "});",
    "",
  ].join("\n"),
};

const stages = (result: {
  report?: { stages: Array<{ stage: string; status: string; reason?: string }> };
}) => Object.fromEntries((result.report?.stages ?? []).map((s) => [s.stage, s]));

describe("vitest without a coverage provider installed", () => {
  it("the tests run without coverage; CRAP is skipped, naming the missing provider", async () => {
    const repo = makeToolRepo(LIBRARY, NO_PROVIDER);
    repo.write("src/grade.ts", GRADE.replace('return "f"', 'return "F"'));
    const result = await runCliInProcess(repo.dir, ["--only", "tests,crap"]);
    expect(result.code, debug(result)).toBe(0);
    const by = stages(result);
    expect(by.tests?.status, debug(result)).toBe("pass");
    expect(by.crap?.status, debug(result)).toBe("skip");
    expect(by.crap?.reason).toContain(
      "no coverage provider installed (@vitest/coverage-v8 or @vitest/coverage-istanbul)",
    );
    expect(result.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual(["grades:passed"]);
  });

  it("a failing test is still red at its file and line", async () => {
    const repo = makeToolRepo(LIBRARY, NO_PROVIDER);
    repo.write("src/grade.ts", GRADE.replace('return "a"', 'return "A"'));
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "test/grade.test.ts:4 test-failed",
    ]);
  });
});
