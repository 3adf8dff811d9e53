import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import {
  fakeTool,
  makeToolRepo,
  oldTool,
  packageJson,
  type ToolRepoOptions,
} from "../../test/tool-fixture.js";

// Issue 36 §2: vitest 0.34, 1.x and 2.x stop at "Unknown option `--includeTaskLocation`",
// which gates passed to every vitest: each test run was a setup error. Every flag gates
// passes is run here against the real versions (0.34.6, 1.6.1, 2.1.9, 3.2.7 from
// test/old-tools, each with its own @vitest/coverage-v8; 4 is the workspace's own).

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);

const FILES = {
  "package.json": packageJson({
    scripts: { test: "vitest run" },
    devDependencies: { vitest: "*", "@vitest/coverage-v8": "*" },
  }),
  "src/sum.js": "export function sum(a, b) {\n  return a + b;\n}\n",
  "test/sum.test.js": [
    'import { expect, it } from "vitest";',
    'import { sum } from "../src/sum.js";',
    "",
    'it("sums", () => {',
    "  expect(sum(1, 2)).toBe(3);",
    "});",
    "",
  ].join("\n"),
};

const old = (dependency: string): ToolRepoOptions => ({
  omit: ["@vitest/coverage-istanbul"],
  links: {
    vitest: oldTool(dependency, "vitest"),
    "@vitest/coverage-v8": oldTool(dependency, "@vitest/coverage-v8"),
  },
});

describe.each([
  ["0.34.6", old("old-vitest034")],
  ["1.6.1", old("old-vitest1")],
  ["2.1.9", old("old-vitest2")],
  ["3.2.7", old("old-vitest3")],
  ["4 (the workspace's)", { omit: ["@vitest/coverage-istanbul"] }],
])("vitest %s with v8 coverage", (_version, options) => {
  it("a covered change with passing tests is exit 0; a failing test is exit 1 at its file and line", async () => {
    const repo = makeToolRepo(FILES, options);
    repo.write("src/sum.js", `${FILES["src/sum.js"]}export const twice = (a) => sum(a, a);\n`);
    const test = FILES["test/sum.test.js"].replace("{ sum }", "{ sum, twice }");
    repo.write("test/sum.test.js", `${test}it("twice", () => expect(twice(2)).toBe(4));\n`);
    const green = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(green.code, debug(green)).toBe(0);
    expect(green.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "sums:passed",
      "twice:passed",
    ]);
    repo.write("test/sum.test.js", `${test}it("twice", () => expect(twice(2)).toBe(5));\n`);
    const red = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["test/sum.test.js:7 test-failed"]);
  });
});

describe("a vitest older than 0.34", () => {
  it("is exit 2 in one line naming vitest and its version, and is never run", async () => {
    const repo = makeToolRepo(FILES, { links: { vitest: fakeTool("vitest", "0.25.8") } });
    repo.write("src/sum.js", `${FILES["src/sum.js"]}export const two = 2;\n`);
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("error in "))).toEqual([
      "error in tests: tests: vitest 0.25.8 is older than gates supports (vitest 0.34 or newer)",
    ]);
  });
});
