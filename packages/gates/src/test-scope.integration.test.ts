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

describe("vitest: related tests only, widened when the runner runs none of them", () => {
  const { exp, files } = modules(true, "test", "js");
  const repo = makeToolRepo({
    "package.json": packageJson({ scripts: { test: "vitest run" } }),
    "vitest.config.js": 'export default { test: { include: ["test/**/*.test.js"] } };\n',
    ".verify/gates.yaml": "coverage:\n  changed_lines_min: 100\n",
    ...files('import { expect, test } from "vitest";\n', "expect(X(ARGS)).toBe"),
  });

  it("a changed module runs its own test, not the unrelated one, coverage held; a test outside the runner's include runs all", async () => {
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

    // A related test file outside the runner's include: the runner runs none, so it runs whole.
    // (What else widens a run, e.g. a change to vitest.config.js, is widenReason's table in
    // diff/test-scope.test.ts; the note a widened run gets, scopeNote's in stages/tests.test.ts.)
    repo.write("src/mul.js", exp("mul", "(a, b) {\n  return a * b;\n}\n"));
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
    expect(outside.summary).toContain(
      "note in tests: the whole suite ran: none of the related test files is among 'vitest run''s tests",
    );
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

// Issue 46 §3: the most common honest change — a bug fix and a test appended to an existing test
// file — runs that file (as the oracle has it and as the change has it) and the tests related to
// the fix, not the whole suite; a configured command with flags of its own is narrowed too.
describe("an edited oracle test file runs in both versions, with the related tests only", () => {
  const SESSION = "0b7e5c1a-2d3f-4a6b-8c9d-1e2f3a4b5c6d";
  const stop = async (dir: string) => {
    const input = JSON.stringify({ session_id: SESSION, cwd: dir, hook_event_name: "Stop" });
    return runCliInProcess(dir, ["hook"], {}, input);
  };
  const appended = (call: string) =>
    `\ntest("sums a negative", () => {\n  ${call.replace("X", "sum")}(1);\n});\n`;

  it("vitest, through the Stop hook: a red appended test blocks, the fix passes, mul's test never runs", async () => {
    const { exp, files } = modules(true, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: "vitest run" } }),
      "vitest.config.js": 'export default { test: { include: ["test/**/*.test.js"] } };\n',
      ".verify/gates.yaml": "commands:\n  lint: false\n",
      ...files('import { expect, test } from "vitest";\n', "expect(X(ARGS)).toBe"),
      // The bug: a negative first term loses its sign.
      "src/sum.js": exp("sum", "(a, b) {\n  return Math.abs(a) + b;\n}\n"),
    });
    const started = await runCliInProcess(repo.dir, ["loop", "start", "--session", SESSION]);
    expect(started.code, debug(started)).toBe(0);
    const test = repo.read("test/sum.test.js") + appended("expect(X(-1, 2)).toBe");
    repo.write("test/sum.test.js", test);

    const red = await stop(repo.dir);
    expect(red.report?.tests_scope, debug(red)).toEqual({
      scope: "related",
      reason: "the change's own test files",
      test_files: ["test/sum.test.js"],
      unrelated_test_files: 1,
    });
    expect(where(red)).toEqual(["test/sum.test.js test-failed"]);
    expect(ran(red)).toEqual(["test/sum.test.js:failed", "test/sum.test.js:passed"]);

    repo.write("src/sum.js", exp("sum", "(a, b) {\n  return a + b;\n}\n"));
    const green = await stop(repo.dir);
    expect(green.report?.status, debug(green)).toBe("pass");
    expect(green.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/sum.js",
      test_files: ["test/sum.test.js"],
      unrelated_test_files: 1,
    });
    expect((green.report?.tests ?? []).map((t) => `${t.file} ${t.name} ${t.status}`)).toEqual(
      expect.arrayContaining([
        "test/sum.test.js sums passed",
        "test/sum.test.js sums a negative passed",
      ]),
    );
    expect(ran(green)).toEqual(["test/sum.test.js:passed"]);
    expect(green.summary).toContain(
      "note in tests: related tests only (the tests that import src/sum.js): ran 1 test file(s) (test/sum.test.js); test/sum.test.js ran as the oracle has it and as the change has it; not run: 1 unrelated test file(s)",
    );
  });

  it("vitest run --project unit (.verify/gates.yaml) is narrowed within its project", async () => {
    const { exp, files } = modules(true, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: "vitest run" } }),
      ".verify/gates.yaml": "commands:\n  test: vitest run --project unit --reporter dot\n",
      "vitest.config.js": [
        "export default {",
        "  test: {",
        "    projects: [",
        '      { test: { name: "unit", include: ["test/**/*.test.js"] } },',
        '      { test: { name: "slow", include: ["slow/**/*.test.js"] } },',
        "    ],",
        "  },",
        "};",
        "",
      ].join("\n"),
      ...files('import { expect, test } from "vitest";\n', "expect(X(ARGS)).toBe"),
      "slow/sum.test.js":
        'import { expect, test } from "vitest";\nimport { sum } from "../src/sum.js";\n\ntest("slow sums", () => {\n  expect(sum(2, 2)).toBe(4);\n});\n',
    });
    repo.write("src/mul.js", exp("mul", "(a, b) {\n  return b * a;\n}\n"));
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/mul.js",
      test_files: ["test/mul.test.js"],
      unrelated_test_files: 2,
    });
    expect(ran(result)).toEqual(["test/mul.test.js:passed"]);
  });

  it("jest --selectProjects unit: a bug fix and an appended test run that test file only", async () => {
    const { exp, files } = modules(false, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({
        type: "commonjs",
        scripts: { test: "jest" },
        devDependencies: { jest: "*" },
        jest: {
          projects: [{ displayName: "unit", testMatch: ["<rootDir>/test/**/*.test.js"] }],
        },
      }),
      ".verify/gates.yaml": "commands:\n  test: jest --selectProjects unit --ci\n",
      ...files("", "expect(X(ARGS)).toBe"),
      "src/sum.js": exp("sum", "(a, b) {\n  return Math.abs(a) + b;\n}\n"),
    });
    repo.write("src/sum.js", exp("sum", "(a, b) {\n  return a + b;\n}\n"));
    repo.write(
      "test/sum.test.js",
      repo.read("test/sum.test.js") + appended("expect(X(-1, 2)).toBe"),
    );
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/sum.js",
      test_files: ["test/sum.test.js"],
      unrelated_test_files: 1,
    });
    expect((result.report?.tests ?? []).map((t) => `${t.file} ${t.name} ${t.status}`)).toEqual(
      expect.arrayContaining(["test/sum.test.js sums a negative passed"]),
    );
    expect(ran(result)).toEqual(["test/sum.test.js:passed"]);
  });
});

describe("documentation: a page no test names runs no test, one a test reads runs that test", () => {
  it("an .mdx page is documentation unless a test names it (issue 46 §3)", async () => {
    const { files } = modules(true, "test", "js");
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: "vitest run" } }),
      "vitest.config.js": 'export default { test: { include: ["test/**/*.test.js"] } };\n',
      ...files('import { expect, test } from "vitest";\n', "expect(X(ARGS)).toBe"),
      "docs/guide.mdx": "# Guide\n",
      "docs/api.mdx": "# API\n\nsum, mul\n",
      "test/docs.test.js": [
        'import { readFileSync } from "node:fs";',
        'import { expect, test } from "vitest";',
        "",
        'test("the API page names every function", () => {',
        '  const page = readFileSync("docs/api.mdx", "utf8");',
        '  expect(page).toContain("sum");',
        "});",
        "",
      ].join("\n"),
    });
    repo.write("docs/guide.mdx", "# Guide\n\nHow to add.\n");
    const docs = await runCliInProcess(repo.dir, RELATED);
    expect(docs.code, debug(docs)).toBe(0);
    expect(docs.report?.stages.find((s) => s.stage === "tests")).toMatchObject({
      status: "skip",
      reason: "no code changed (only docs/guide.mdx)",
    });
    expect(docs.report?.tests).toBeUndefined();

    repo.write("docs/api.mdx", "# API\n\nadd, multiply\n");
    const read = await runCliInProcess(repo.dir, RELATED);
    expect(read.code, debug(read)).toBe(1);
    expect(read.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that read docs/api.mdx",
      test_files: ["test/docs.test.js"],
      unrelated_test_files: 2,
    });
    expect(where(read)).toEqual(["test/docs.test.js test-failed"]);
  });
});
