import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, runCli } from "../../test/fixture.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../../test/tool-fixture.js";

// Issue 25: a library set up as many are today (tsgo + oxlint + oxfmt + vitest with v8
// coverage), its commands read from its own package.json scripts, the whole pipeline run.

const MODERN_LIBRARY: Record<string, string> = {
  "package.json": packageJson({
    scripts: {
      "test:types": "tsgo --noEmit",
      lint: "oxlint src && oxfmt --check src test",
      test: "vitest run --coverage",
    },
    devDependencies: {
      "@typescript/native-preview": "*",
      oxlint: "*",
      oxfmt: "*",
      vitest: "*",
      "@vitest/coverage-v8": "*",
    },
  }),
  "tsconfig.json": TSCONFIG,
  ".oxlintrc.json": '{ "rules": { "no-debugger": "error" } }\n',
  "vitest.config.ts": [
    'import { defineConfig } from "vitest/config";',
    "",
    "export default defineConfig({",
    '  test: { include: ["test/**/*.test.ts"], coverage: { provider: "v8" } },',
    "});",
    "",
  ].join("\n"),
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "test/math.test.ts": [
    'import { expect, it } from "vitest";',
    'import { add } from "../src/math.js";',
    "",
    'it("adds", () => {',
    "  expect(add(1, 2)).toBe(3);",
    "});",
    "",
  ].join("\n"),
};

/** Complexity 6 and no test: CRAP 42, over the default threshold of 30. */
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

const NO_ISTANBUL = { omit: ["@vitest/coverage-istanbul"] };

describe("a modern library (tsgo, oxlint, oxfmt, vitest v8) through the whole pipeline", () => {
  it("a clean change passes every stage, each run by the adapter of the tool its scripts name", () => {
    const repo = makeToolRepo(MODERN_LIBRARY, NO_ISTANBUL);
    repo.write(
      "src/math.ts",
      `${repo.read("src/math.ts")}\nexport function twice(a: number): number {\n  return add(a, a);\n}\n`,
    );
    repo.write(
      "test/math.test.ts",
      `${repo.read("test/math.test.ts").replace("{ add }", "{ add, twice }")}\nit("twice", () => {\n  expect(twice(2)).toBe(4);\n});\n`,
    );
    const result = runCli(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    const status = Object.fromEntries(result.report?.stages.map((s) => [s.stage, s.status]) ?? []);
    expect(status).toMatchObject({
      typecheck: "pass",
      lint: "pass",
      format: "pass",
      tests: "pass",
      crap: "pass",
    });
    expect(result.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "adds:passed",
      "twice:passed",
    ]);
  });

  it("a broken change is red at each file and line: type error, lint error, unformatted line, failing test, complex untested function", async () => {
    const repo = makeToolRepo(MODERN_LIBRARY, NO_ISTANBUL);
    repo.write(
      "src/math.ts",
      `${repo.read("src/math.ts")}\nexport function twice(a: number): string {\n  debugger;\n  return a * 2;\n}\n\n${GRADE}`,
    );
    repo.write(
      "test/math.test.ts",
      `${repo.read("test/math.test.ts").replace("{ add }", "{ add, twice }")}\nit("twice", () => {expect(twice(2)).toBe(5)});\n`,
    );
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(1);
    const found = (result.report?.findings ?? []).map(
      (f) => `${f.stage} ${f.file}:${f.line} ${f.rule}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "typecheck src/math.ts:7 TS2322",
        "lint src/math.ts:6 eslint/no-debugger",
        "format test/math.test.ts:8 oxfmt",
        "tests test/math.test.ts:8 test-failed",
        "crap src/math.ts:10 crap",
      ]),
    );
    expect(result.stdout).not.toContain("SETUP ERROR");
  });
});
