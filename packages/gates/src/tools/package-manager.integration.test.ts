import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 36 §2: a script `pnpm exec vitest run` was run with the machine's pnpm, not the one
// the repository pins in `packageManager`; that pnpm first tries to switch to the pinned
// version (here pnpm 8, which it cannot fetch) and fails. Gates runs the program's bin from
// node_modules/.bin directly, whatever package manager the command names.

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.stage} ${f.file}:${f.line} ${f.rule}`);

const FILES = {
  "package.json": packageJson({
    packageManager: "pnpm@8.15.9",
    scripts: { lint: "npx eslint src", test: "pnpm exec vitest run" },
    devDependencies: { eslint: "*", vitest: "*", "@vitest/coverage-v8": "*" },
  }),
  "eslint.config.js": 'export default [{ rules: { "no-debugger": "error" } }];\n',
  "src/sum.js": "export function sum(a, b) {\n  return a + b;\n}\n",
  "test/sum.test.js": [
    'import { expect, it } from "vitest";',
    'import { sum } from "../src/sum.js";',
    "",
    'it("sums", () => expect(sum(1, 2)).toBe(3));',
    "",
  ].join("\n"),
};

describe("a repository pinned to another pnpm, its checks behind pnpm exec and npx", () => {
  it("a clean change is exit 0; a failing test and a lint error are exit 1 with their findings", async () => {
    const repo = makeToolRepo(FILES, { omit: ["@vitest/coverage-istanbul"] });
    repo.write("src/sum.js", `${FILES["src/sum.js"]}export const twice = (a) => sum(a, a);\n`);
    const test = FILES["test/sum.test.js"].replace("{ sum }", "{ sum, twice }");
    repo.write("test/sum.test.js", `${test}it("twice", () => expect(twice(2)).toBe(4));\n`);
    const only = ["--only", "lint,tests"];
    const green = await runCliInProcess(repo.dir, only);
    expect(green.code, debug(green)).toBe(0);
    repo.write("test/sum.test.js", `${test}it("twice", () => expect(twice(2)).toBe(5));\n`);
    repo.write(
      "src/sum.js",
      `${FILES["src/sum.js"]}export const twice = (a) => {\n  debugger;\n  return sum(a, a);\n};\n`,
    );
    const red = await runCliInProcess(repo.dir, only);
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(
      expect.arrayContaining([
        "lint src/sum.js:5 no-debugger",
        "tests test/sum.test.js:5 test-failed",
      ]),
    );
    expect(red.report?.findings).toHaveLength(2);
  });
});
