import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 §2: a canary is judged only from a runtime run jest really did, and it reaches the
// tests' own `it` and `expect`. Each case is a real jest 30 repository whose configuration
// once made an honest change red.

const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.message}`);

const SUM = "function sum(a, b) {\n  return a - b;\n}\nmodule.exports = { sum };\n";
const GLOBALS = 'const { describe, expect, test } = require("@jest/globals");\n';
const test = (head: string) =>
  `${head}const { sum } = require("../src/sum");\n\ndescribe("sum", () => {\n  test("adds zero", () => {\n    expect(sum(1, 0)).toBe(1);\n  });\n});\n`;
const ADDED = 'test("adds two numbers", () => {\n  expect(sum(1, 2)).toBe(3);\n});\n';

/** The honest change on a jest repository configured by `config`: the bug fixed, a test appended. */
async function honestStop(config: string, head = "", extra: Record<string, string> = {}) {
  const repo = makeToolRepo({
    "package.json": packageJson({
      type: "commonjs",
      scripts: { test: "jest" },
      devDependencies: { jest: "*" },
    }),
    "jest.config.js": `module.exports = ${config};\n`,
    "src/sum.js": SUM,
    "test/sum.test.js": test(head),
    "test/other.test.js": `${head}test("holds", () => {\n  expect(1).toBe(1);\n});\n`,
    ...extra,
  });
  repo.write("src/sum.js", SUM.replace("a - b", "a + b"));
  repo.write("test/sum.test.js", `${test(head)}${ADDED}`);
  return runCliInProcess(repo.dir, ["--only", "tests"]);
}

describe("jest: no canary false red on an honest change", () => {
  it.each([
    [
      "no globals (injectGlobals: false, the tests import @jest/globals)",
      "{ injectGlobals: false }",
      GLOBALS,
    ],
    ["a stop at the first failing file (bail: 1)", "{ bail: 1 }", ""],
    ["the jasmine2 runner (testRunner: jest-jasmine2)", '{ testRunner: "jest-jasmine2" }', ""],
    [
      "the jasmine2 runner with a count of assertions each test must make",
      '{ testRunner: "jest-jasmine2", setupFilesAfterEnv: ["<rootDir>/test/setup.js"] }',
      "",
      { "test/setup.js": "beforeEach(() => {\n  expect.assertions(1);\n});\n" },
    ],
    ["tests in random order (randomize)", "{ randomize: true }", ""],
    [
      "a retry of failing tests and a count of assertions each test must make (a setup file)",
      '{ setupFilesAfterEnv: ["<rootDir>/test/setup.js"] }',
      "",
      {
        "test/setup.js": "jest.retryTimes(2);\nbeforeEach(() => {\n  expect.assertions(1);\n});\n",
      },
    ],
    [
      "a test marked failing, and concurrent tests in the file",
      "{}",
      "",
      {
        "test/other.test.js":
          'test.failing("is known broken", () => {\n  expect(1).toBe(2);\n});\ntest.concurrent("holds", async () => {\n  expect(1).toBe(1);\n});\n',
      },
    ],
  ])("%s", async (_what, config, head, extra?: Record<string, string>) => {
    const result = await honestStop(config, head, extra);
    expect(rules(result), debug(result)).toEqual([]);
    expect(result.code, debug(result)).toBe(0);
  });
});
