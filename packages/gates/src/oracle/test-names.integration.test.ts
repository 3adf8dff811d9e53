import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 §2: an oracle test whose name ends with a space ran, and was reported
// `oracle-test-missing` (a re-spelled, trimmed name was matched): on a jest repository every
// honest commit was red for it. A test is matched by the name the runner reports.

const findings = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.message}`);

const SUM = "function sum(a, b) {\n  return a - b;\n}\n";

/** Tests named with a trailing space (and one leading), in a suite whose title ends with one. */
const body = (test: string, suite: string, expect: (actual: string, wanted: string) => string) =>
  [
    `${suite}("sum ", () => {`,
    `  ${test}("adds zero when parsing an empty set ", () => {`,
    `    ${expect("sum(1, 0)", "1")};`,
    "  });",
    "});",
    `${test}(" subtracts nothing", () => {`,
    `  ${expect("sum(2, 0)", "2")};`,
    "});",
    "",
  ].join("\n");

const jestExpect = (actual: string, wanted: string) => `expect(${actual}).toBe(${wanted})`;
const assertEqual = (actual: string, wanted: string) => `assert.equal(${actual}, ${wanted})`;

const RUNNERS = {
  vitest: {
    "package.json": packageJson({
      scripts: { test: "vitest run" },
      devDependencies: { vitest: "*" },
    }),
    "src/sum.js": `export ${SUM}`,
    "test/sum.test.js": `import { describe, expect, it } from "vitest";\nimport { sum } from "../src/sum.js";\n\n${body("it", "describe", jestExpect)}`,
  },
  jest: {
    "package.json": packageJson({
      type: "commonjs",
      scripts: { test: "jest" },
      devDependencies: { jest: "*" },
    }),
    "src/sum.js": `${SUM}module.exports = { sum };\n`,
    "test/sum.test.js": `const { sum } = require("../src/sum");\n\n${body("test", "describe", jestExpect)}`,
  },
  "node --test": {
    "package.json": packageJson({ scripts: { test: "node --test test/" } }),
    "src/sum.js": `export ${SUM}`,
    "test/sum.test.js": `import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\nimport { sum } from "../src/sum.js";\n\n${body("test", "describe", assertEqual)}`,
  },
};

describe.each(Object.entries(RUNNERS))(
  "%s: a test named with a space at an end",
  (_runner, files) => {
    it("is found by the name the runner reports: an honest fix is green", async () => {
      const repo = makeToolRepo(files);
      repo.write("src/sum.js", files["src/sum.js"].replace("a - b", "a + b"));
      const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
      expect(findings(result), debug(result)).toEqual([]);
      expect(result.code, debug(result)).toBe(0);
      expect(result.report?.tests?.map((t) => `[${t.name}]:${t.status}`)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/empty set \]:passed$/),
          expect.stringMatching(/ subtracts nothing\]:passed$/),
        ]),
      );
    });
  },
);
