import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../../test/tool-fixture.js";

// Issue 46 §2: a canary is judged only from a runtime run the runner really did. Each case is
// a real vitest 4 repository whose configuration once made an honest change red.

const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.message}`);

const SUM = "export function sum(a: number, b: number): number {\n  return a - b;\n}\n";
const FIXED = SUM.replace("a - b", "a + b");
const TEST = [
  'import { describe, expect, it } from "vitest";',
  'import { sum } from "../src/sum.js";',
  "",
  'describe("sum", () => {',
  '  it("adds zero", () => {',
  "    expect(sum(1, 0)).toBe(1);",
  "  });",
  "});",
  "",
].join("\n");
const ADDED = 'it("adds two numbers", () => {\n  expect(sum(1, 2)).toBe(3);\n});\n';

const repoWith = (config: string, extra: Record<string, string> = {}) =>
  makeToolRepo({
    "package.json": packageJson({
      scripts: { test: "vitest run" },
      devDependencies: { vitest: "*", typescript: "*" },
    }),
    "tsconfig.json": TSCONFIG.replace('"include": [\n    "src"\n  ]', '"include": ["src", "test"]'),
    "vitest.config.ts": `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: ${config} });\n`,
    "src/sum.ts": SUM,
    "test/sum.test.ts": TEST,
    "test/other.test.ts":
      'import { expect, it } from "vitest";\nit("holds", () => {\n  expect(1).toBe(1);\n});\n',
    ...extra,
  });

/** The honest change: the bug fixed, a test appended to the existing test file. */
async function honestStop(config: string, extra: Record<string, string> = {}) {
  const repo = repoWith(config, extra);
  repo.write("src/sum.ts", FIXED);
  repo.write("test/sum.test.ts", `${TEST}${ADDED}`);
  return { repo, result: await runCliInProcess(repo.dir, ["--only", "tests"]) };
}

describe("vitest: no canary false red on an honest change", () => {
  it.each([
    [
      "type tests of the same files (typecheck.enabled, checker tsc)",
      '{ typecheck: { enabled: true, include: ["**/*.test.ts"] } }',
    ],
    ["a retry of failing tests (retry: 2)", "{ retry: 2 }"],
    ["a stop at the first failure (bail: 1)", "{ bail: 1 }"],
    ["files and tests in random order (sequence.shuffle)", "{ sequence: { shuffle: true } }"],
    ["every test concurrent (sequence.concurrent)", "{ sequence: { concurrent: true } }"],
    [
      "a count of assertions each test must make (expect.assertions in a setup file)",
      '{ setupFiles: ["./test/setup.ts"] }',
      {
        "test/setup.ts":
          'import { beforeEach, expect } from "vitest";\nbeforeEach(() => {\n  expect.assertions(1);\n});\n',
      },
    ],
    [
      "a test file that is a fixture another test reads, outside the runner's include",
      '{ exclude: ["**/node_modules/**", "**/fixtures/**"] }',
      {
        "test/fixtures/sample.test.ts":
          'import { expect, it } from "vitest";\nit("is a sample", () => {\n  expect(1).toBe(1);\n});\n',
        "test/other.test.ts":
          'import { readFileSync } from "node:fs";\nimport { expect, it } from "vitest";\nit("reads the sample as written", () => {\n  const text = readFileSync(new URL("./fixtures/sample.test.ts", import.meta.url), "utf8");\n  expect(text.trimEnd().split("\\n")).toHaveLength(4);\n});\n',
      },
    ],
    [
      "a test marked to fail, and concurrent tests in the file",
      "{}",
      {
        "test/other.test.ts":
          'import { expect, it } from "vitest";\nit.fails("is known broken", () => {\n  expect(1).toBe(2);\n});\nit.concurrent("holds", async ({ expect }) => {\n  expect(1).toBe(1);\n});\n',
      },
    ],
  ])("%s", async (_what, config, extra?: Record<string, string>) => {
    const { result } = await honestStop(config, extra);
    expect(rules(result), debug(result)).toEqual([]);
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("vitest with type tests: what the canaries still say", () => {
  const TYPES =
    '{ typecheck: { enabled: true, include: ["**/*.types.test.ts"] }, exclude: ["**/node_modules/**", "**/*.types.test.ts"] }';
  const TYPE_TEST = [
    'import { expectTypeOf, it } from "vitest";',
    'import { sum } from "../src/sum.js";',
    "",
    'it("returns a number", () => {',
    "  expectTypeOf(sum(1, 2)).toEqualTypeOf<number>();",
    "});",
    "",
  ].join("\n");

  it("a file only type-checked carries no judged canary: the stage says so, the change is green", async () => {
    const { result } = await honestStop(TYPES, { "test/sum.types.test.ts": TYPE_TEST });
    expect(rules(result), debug(result)).toEqual([]);
    expect(result.code, debug(result)).toBe(0);
    const stage = result.report?.stages.find((s) => s.stage === "tests");
    expect(stage?.reason).toContain(
      "no canary judged in 1 of 3 test file(s) (test/sum.types.test.ts): the runner ran them as type tests only (typecheck), where no assertion runs",
    );
  });

  it("a matcher overridden from a setup file is still caught at runtime", async () => {
    const setup =
      'import { expect } from "vitest";\nexpect.extend({ toBe: () => ({ pass: true, message: () => "" }) });\n';
    const { result } = await honestStop(
      '{ typecheck: { enabled: true, include: ["**/*.test.ts"] }, setupFiles: ["./test/setup.ts"] }',
      { "test/setup.ts": setup },
    );
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain(
      "test/sum.test.ts:null tampered-runner: the test runner's results cannot be trusted: a test gates added that must fail (toBe) was reported passed",
    );
  });
});
