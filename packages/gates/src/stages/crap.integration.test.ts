import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli, type CliResult } from "../../test/fixture.js";
import { fixtureRecording, replayVitest } from "../../test/recorded-vitest.js";

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

/** src/<name>.ts built to dist/<name>.js with a source map, as a package's build would. */
function built(source: string, name: string): Record<string, string> {
  const out = ts.transpileModule(source, {
    fileName: `src/${name}.ts`,
    compilerOptions: {
      module: ts.ModuleKind.ES2022,
      target: ts.ScriptTarget.ES2022,
      sourceMap: true,
    },
  });
  const map = JSON.parse(out.sourceMapText ?? "{}") as { sources: string[] };
  map.sources = [`../src/${name}.ts`];
  return { [`dist/${name}.js`]: out.outputText, [`dist/${name}.js.map`]: JSON.stringify(map) };
}

/** The same complex function as grade, as `band`: the one a child process alone covers. */
const BAND = GRADE.replace("export function grade(", "export function band(");

/** A test that never imports band: it runs the built file in a child process, as bin tests do. */
const CHILD_TESTS = [
  'import { execFileSync } from "node:child_process";',
  'import { expect, it } from "vitest";',
  "",
  'it("grades every band in a child process", () => {',
  '  const out = execFileSync(process.execPath, ["dist/run.js"], { encoding: "utf8" });',
  '  expect(out).toBe("A+ B- C D odd F\\n");',
  "});",
  "",
].join("\n");

const IGNORE_DIST =
  "node_modules\ncoverage\ndist\n.verify/gates.json\n.verify/summary.txt\n.verify/green\n";

const RUN = [
  'import { band } from "./band.js";',
  "const bands = [[95, true, false], [85, false, true], [75, false, false], [65, false, false], [1, false, false], [50, false, false]];",
  'console.log(bands.map(([s, b, l]) => band(s, b, l)).join(" "));',
  "",
].join("\n");

describe("crap on the functions the change touched", () => {
  // The fixture's own tests, run once by the real vitest: what the tests stage reads when the
  // change adds no test (the first and third cases). The other cases run vitest for real, two
  // of them through the bin.
  let fixtureTests: string;
  beforeAll(() => {
    fixtureTests = fixtureRecording();
  });

  // The first and third cases share one change and one `--only crap` run, each on its own
  // file: src/grade.ts new, src/old.ts the same function at the base, the change only adding a
  // line after it.
  let uncovered: CliResult;
  const uncoveredRun = async () => {
    if (uncovered) return uncovered;
    const repo = makeRepo({ "src/old.ts": GRADE });
    replayVitest(repo, fixtureTests);
    repo.write("src/grade.ts", GRADE);
    repo.write("src/old.ts", GRADE + "\nexport const other = 1;\n");
    uncovered = await runCliInProcess(repo.dir, ["--only", "crap"]);
    return uncovered;
  };

  it("a complex uncovered function fails with name, file:line, complexity, coverage and score", async () => {
    const result = await uncoveredRun();
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

  it("an old complex function the change did not touch does not count", async () => {
    const result = await uncoveredRun();
    // Was: exit 0 of its own run. The run's one finding is the new grade's (the case above).
    expect(
      result.report?.findings.filter((f) => f.file === "src/old.ts"),
      debug(result),
    ).toEqual([]);
  });

  it("a failing test → exit 1 naming the test at its file:line", async () => {
    const repo = makeRepo();
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("toBe(3)", "toBe(4)"));
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
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

  it("no tests at all → exit 2", async () => {
    // The repository's own config (the oracle's) finds no test: a change's config never decides.
    const repo = makeRepo({
      "vitest.config.ts":
        'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["none/**"], passWithNoTests: true } });\n',
    });
    repo.write("src/extra.ts", "export const extra = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("found no tests");
  });

  // One change, one run through the bin, for the two covered cases: src/grade.ts tested by a
  // test that imports it, src/band.ts (the same function) only by a child process running its
  // built file. Each is over the threshold uncovered (CRAP 132, the first case), so crap passes
  // only if both are scored fully covered.
  let covered: CliResult;
  const coveredRun = () => {
    if (covered) return covered;
    const repo = makeRepo({ ".gitignore": IGNORE_DIST });
    repo.write("src/grade.ts", GRADE);
    repo.write("src/grade.test.ts", GRADE_TESTS);
    repo.write("src/band.ts", BAND);
    repo.write("src/band.test.ts", CHILD_TESTS);
    for (const [path, text] of Object.entries({ ...built(BAND, "band"), "dist/run.js": RUN }))
      repo.write(path, text);
    covered = runCli(repo.dir, ["--only", "tests,crap"]);
    return covered;
  };
  const crapAt = (result: CliResult, file: string) =>
    (result.report?.findings ?? []).filter((f) => f.stage === "crap" && f.file === file);

  it("the same function fully tested passes (score = complexity)", () => {
    const result = coveredRun();
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.stages.map((s) => `${s.stage}:${s.status}`)).toContain("crap:pass");
    expect(crapAt(result, "src/grade.ts")).toEqual([]);
  });

  it("a function covered only by a child process (built file, source map) passes", () => {
    const result = coveredRun();
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.stages.map((s) => `${s.stage}:${s.status}`)).toContain("crap:pass");
    expect(crapAt(result, "src/band.ts")).toEqual([]);
  });
});
