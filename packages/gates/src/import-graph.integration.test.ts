import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, type CliResult } from "../test/fixture.js";
import { makeToolRepo, packageJson } from "../test/tool-fixture.js";

// Issue 46, found on the real-repo corpus: related mode ran the whole suite where the import graph
// read a module name in a comment (h3js/rou3), or missed a test that imports a package's index
// folder which re-exports the changed module (unjs/ufo). Real vitest, one small repo each.
const RELATED = ["--only", "tests", "--test-scope", "related"];
const ran = (result: CliResult) =>
  [...new Set((result.report?.tests ?? []).map((t) => `${t.file}:${t.status}`))].sort();
const testOf = (name: string, from: string, call: string) =>
  `import { expect, test } from "vitest";\nimport { ${name} } from "${from}";\n\ntest("${name}", () => {\n  expect(${call}).toBe(true);\n});\n`;

describe("vitest related mode over the import graph (issue 46)", () => {
  it("a module whose comments name modules (its own package's, one not installed) runs its own test", async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({
        name: "rou3",
        exports: { ".": "./dist/index.mjs", "./compiler": "./dist/compiler.mjs" },
        scripts: { test: "vitest run" },
      }),
      "src/compiler.ts":
        '/**\n * Compiles a router.\n *\n * @example\n * import { compile } from "rou3/compiler";\n */\n' +
        "export function compile(): boolean {\n  return true;\n}\n" +
        '// the benchmark loads it with require("rou3-bench-only")\n',
      "src/router.ts": "export function route(): boolean {\n  return true;\n}\n",
      "test/compiler.test.ts": testOf("compile", "../src/compiler", "compile()"),
      "test/router.test.ts": testOf("route", "../src/router", "route()"),
    });
    repo.write(
      "src/compiler.ts",
      repo.read("src/compiler.ts").replace("return true;", "return 1 === 1;"),
    );
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/compiler.ts",
      test_files: ["test/compiler.test.ts"],
      unrelated_test_files: 1,
    });
    expect(ran(result)).toEqual(["test/compiler.test.ts:passed"]);
  });

  it("a module re-exported by the index a test imports as a folder runs that test", async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({ name: "ufo", scripts: { test: "vitest run" } }),
      "src/index.ts": 'export * from "./utils";\nexport { parse } from "./parse";\n',
      "src/utils.ts":
        "export function hasSlash(s: string): boolean {\n  return s.endsWith('/');\n}\n",
      "src/parse.ts": "export function parse(s: string): boolean {\n  return s.length > 0;\n}\n",
      "src/extra.ts": "export function extra(): boolean {\n  return true;\n}\n",
      "test/utils.test.ts": testOf("hasSlash", "../src", 'hasSlash("a/")'),
      "test/parse.test.ts": testOf("parse", "../src/", 'parse("a")'),
      "test/extra.test.ts": testOf("extra", "../src/extra", "extra()"),
    });
    repo.write(
      "src/utils.ts",
      "export function hasSlash(s: string): boolean {\n  return s.at(-1) === '/';\n}\n",
    );
    const result = await runCliInProcess(repo.dir, RELATED);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.tests_scope).toEqual({
      scope: "related",
      reason: "the tests that import src/utils.ts",
      test_files: ["test/parse.test.ts", "test/utils.test.ts"],
      unrelated_test_files: 1,
    });
    expect(ran(result)).toEqual(["test/parse.test.ts:passed", "test/utils.test.ts:passed"]);
    expect(result.summary).toContain(
      "note in tests: related tests only (the tests that import src/utils.ts): ran 2 test file(s) (test/parse.test.ts, test/utils.test.ts); not run: 1 unrelated test file(s)",
    );
  });
});
