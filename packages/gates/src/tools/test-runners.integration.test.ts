import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, runCli, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 25 §1/§3: test runners beyond vitest, each the real runner in a temp repo.

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);

const SUM = "function sum(a, b) {\n  return a + b;\n}\n";
const COVERAGE_100 = "coverage:\n  changed_lines_min: 100\n";

describe("node --test (TAP), coverage from the V8 coverage of its processes", () => {
  const files = {
    "package.json": packageJson({ scripts: { test: "node --test test/" } }),
    ".verify/gates.yaml": COVERAGE_100,
    "src/sum.js": `export ${SUM}`,
    "test/sum.test.js": [
      'import { test } from "node:test";',
      'import assert from "node:assert/strict";',
      'import { sum } from "../src/sum.js";',
      "",
      'test("sums", () => {',
      "  assert.equal(sum(1, 2), 3);",
      "});",
      "",
    ].join("\n"),
  };

  it("an added line no test runs is below coverage; a failing test is found at its file and line", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/sum.js", `export ${SUM}\nexport function unused(a) {\n  return a * 2;\n}\n`);
    const uncovered = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(uncovered.code, debug(uncovered)).toBe(1);
    expect(where(uncovered)).toEqual(["null:null changed-lines-coverage"]);
    repo.write(
      "test/sum.test.js",
      `${files["test/sum.test.js"].replace("{ sum }", "{ sum, unused }")}test("doubles", () => {\n  assert.equal(unused(2), 5);\n});\n`,
    );
    const failing = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(failing.code, debug(failing)).toBe(1);
    expect(where(failing)).toEqual(["test/sum.test.js:8 test-failed"]);
    expect(failing.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "sums:passed",
      "doubles:failed",
    ]);
  });

  it("a clean, covered change passes", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/sum.js", `export ${SUM}\nexport const three = sum(1, 2);\n`);
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("jest (its --json report and istanbul coverage)", () => {
  const files = {
    "package.json": packageJson({
      type: "commonjs",
      scripts: { test: "jest" },
      devDependencies: { jest: "*" },
    }),
    "src/sum.js": `${SUM}module.exports = { sum };\n`,
    "src/sum.test.js": [
      'const { sum } = require("./sum");',
      "",
      'test("sums", () => {',
      "  expect(sum(1, 2)).toBe(3);",
      "});",
      "",
    ].join("\n"),
  };

  it("a clean change passes; a failing test is found at its file and line", async () => {
    const repo = makeToolRepo(files);
    repo.write(
      "src/sum.test.js",
      `${files["src/sum.test.js"]}test("again", () => {\n  expect(sum(2, 2)).toBe(4);\n});\n`,
    );
    const clean = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(clean.code, debug(clean)).toBe(0);
    expect(clean.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "sums:passed",
      "again:passed",
    ]);
    repo.write(
      "src/sum.test.js",
      `${files["src/sum.test.js"]}test("wrong", () => {\n  expect(sum(2, 2)).toBe(5);\n});\n`,
    );
    const failing = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(failing.code, debug(failing)).toBe(1);
    expect(where(failing)).toEqual(["src/sum.test.js:6 test-failed"]);
  });

  it("a missing jest is exit 2 in one line", () => {
    const repo = makeToolRepo(files, { missing: ["jest"] });
    repo.write("src/sum.js", `${SUM}module.exports = { sum, two: 2 };\n`);
    const result = runCli(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain(
      "error in tests: tests: 'jest' is not installed (no node_modules/jest with a 'jest' bin)",
    );
  });
});
