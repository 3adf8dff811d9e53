import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, type CliResult } from "../test/fixture.js";
import { makeToolRepo, packageJson } from "../test/tool-fixture.js";

// Issue 36 §4: a related run runs the tests that import a changed module, and nothing else; a
// change to what decides how tests run widens it to the whole suite. Real runners, one repo each.
const RELATED = ["--only", "tests", "--test-scope", "related"];
const ran = (result: CliResult) =>
  [...new Set((result.report?.tests ?? []).map((t) => `${t.file}:${t.status}`))].sort();
const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file} ${f.rule}`);

/** Two modules, each with its own test file, in the module style the runner reads. */
function modules(esm: boolean, testDir: string, ext: string) {
  const exp = (name: string, body: string) =>
    esm
      ? `export function ${name}${body}`
      : `function ${name}${body}module.exports = { ${name} };\n`;
  const imp = (name: string) =>
    esm
      ? `import { ${name} } from "../src/${name}.js";\n`
      : `const { ${name} } = require("../src/${name}");\n`;
  const test = (name: string, call: string, want: number, header: string) =>
    `${header}${imp(name)}\ntest("${name}s", () => {\n  ${call.replace("X", name)}(${want});\n});\n`;
  return {
    exp,
    files: (header: string, assertion: string) => ({
      "src/sum.js": exp("sum", "(a, b) {\n  return a + b;\n}\n"),
      "src/mul.js": exp("mul", "(a, b) {\n  return a * b;\n}\n"),
      [`${testDir}/sum.test.${ext}`]: test("sum", assertion.replace("ARGS", "1, 2"), 3, header),
      [`${testDir}/mul.test.${ext}`]: test("mul", assertion.replace("ARGS", "2, 3"), 6, header),
    }),
  };
}

describe("vitest: related tests only, widened by a test config change", () => {
  const { exp, files } = modules(true, "test", "js");
  const repo = makeToolRepo({
    "package.json": packageJson({ scripts: { test: "vitest run" } }),
    "vitest.config.js": 'export default { test: { include: ["test/**/*.test.js"] } };\n',
    ".verify/gates.yaml": "coverage:\n  changed_lines_min: 100\n",
    ...files('import { expect, test } from "vitest";\n', "expect(X(ARGS)).toBe"),
  });

  it("a changed module runs its own test, not the unrelated one, coverage held; a config change runs all", async () => {
    // The uncovered function keeps the run red: the related run measures the changed module.
    repo.write(
      "src/mul.js",
      exp("mul", "(a, b) {\n  return a * b;\n}\n") +
        "export function twice(a) {\n  return a * 2;\n}\n",
    );
    const scoped = await runCliInProcess(repo.dir, RELATED);
    expect(scoped.code, debug(scoped)).toBe(1);
    expect(where(scoped)).toEqual(["null changed-lines-coverage"]);
    expect(ran(scoped)).toEqual(["test/mul.test.js:passed"]);
    expect(scoped.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/mul.js",
      test_files: ["test/mul.test.js"],
      unrelated_test_files: 1,
    });
    expect(scoped.summary).toContain(
      "note in tests: related tests only (the tests that import src/mul.js): ran 1 test file(s) (test/mul.test.js); not run: 1 unrelated test file(s)",
    );
    expect(scoped.summary).toContain("changed lines 0.0% covered");

    repo.write("src/mul.js", exp("mul", "(a, b) {\n  return a * b;\n}\n"));
    repo.write(
      "vitest.config.js",
      'export default { test: { include: ["test/**/*.test.js"], testTimeout: 9000 } };\n',
    );
    const widened = await runCliInProcess(repo.dir, RELATED);
    expect(widened.code, debug(widened)).toBe(0);
    expect(widened.report?.tests_scope).toMatchObject({
      scope: "full",
      reason: "the change touches vitest.config.js, which the oracle holds",
    });
    expect(ran(widened)).toEqual(["test/mul.test.js:passed", "test/sum.test.js:passed"]);
    expect(widened.summary).toContain(
      "note in tests: the whole suite ran: the change touches vitest.config.js, which the oracle holds",
    );

    // A related test file outside the runner's include: the runner runs none, so it runs whole.
    repo.write(
      "vitest.config.js",
      'export default { test: { include: ["test/**/*.test.js"] } };\n',
    );
    repo.write("src/div.js", exp("div", "(a, b) {\n  return a / b;\n}\n"));
    repo.write(
      "other/div.test.js",
      'import { expect, test } from "vitest";\nimport { div } from "../src/div.js";\n\ntest("divs", () => {\n  expect(div(6, 3)).toBe(2);\n});\n',
    );
    const outside = await runCliInProcess(repo.dir, RELATED);
    expect(outside.report?.tests_scope, debug(outside)).toMatchObject({
      scope: "full",
      reason: "none of the related test files is among 'vitest run''s tests",
    });
    expect(ran(outside)).toEqual(["test/mul.test.js:passed", "test/sum.test.js:passed"]);
  });
});

describe("jest and node --test: the unrelated test file is not run, the related one fails", () => {
  it("jest --runTestsByPath with the related test file", async () => {
    const { exp, files } = modules(false, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({
        type: "commonjs",
        scripts: { test: "jest" },
        devDependencies: { jest: "*" },
      }),
      ...files("", "expect(X(ARGS)).toBe"),
    });
    repo.write("src/mul.js", exp("mul", "(a, b) {\n  return a * b + 1;\n}\n"));
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(1);
    expect(ran(result)).toEqual(["test/mul.test.js:failed"]);
    expect(where(result)).toEqual(["test/mul.test.js test-failed"]);
  });

  it("node --test given the related test file only", async () => {
    const { exp, files } = modules(true, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: "node --test test/" } }),
      ...files(
        'import { test } from "node:test";\nimport assert from "node:assert/strict";\n',
        "assert.equal(X(ARGS), ",
      ),
    });
    repo.write("src/mul.js", exp("mul", "(a, b) {\n  return a * b + 1;\n}\n"));
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(1);
    expect(ran(result)).toEqual(["test/mul.test.js:failed"]);
    expect(result.report?.tests_scope?.test_files).toEqual(["test/mul.test.js"]);
  });
});
