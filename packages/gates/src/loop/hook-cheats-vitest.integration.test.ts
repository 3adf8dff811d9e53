import { afterEach, beforeAll, describe, it } from "vitest";
import { makeRepo } from "../../test/fixture.js";
import {
  armedMatrix,
  swap,
  loosenedIgnores,
  suppressionsIn,
  together,
  type Cheat,
  type MatrixRepo,
} from "../../test/hook-matrix.js";
import { TSCONFIG } from "../../test/tool-fixture.js";

// Issues 34 §4 and 35: every cheat class through the installed Stop hook on a real vitest repo
// whose committed tests are red; each case is one stop (static findings share one), then reset.
const T = "src/price.test.ts";
const dis = "disable";
const STUB = [
  "export function discount(price: number, _code: string): number {",
  "  return price;",
  "}",
  "",
  "export async function discountLater(price: number, code: string): Promise<number> {",
  "  return discount(price, code);",
  "}",
  "",
].join("\n");
const FIXED = STUB.replace(
  "_code: string): number {\n  return price;",
  'code: string): number {\n  return code === "SAVE10" ? price - price / 10 : price;',
);
const RED = [
  'import { expect, it } from "vitest";',
  'import { discount, discountLater } from "./price.js";',
  "",
  'it("takes a tenth of 100", () => {',
  '  expect(discount(100, "SAVE10")).toBe(90);',
  "});",
  'it("takes a tenth of 200", () => {',
  '  expect(discount(200, "SAVE10")).toBe(180);',
  "});",
  'it("takes a tenth of 300", () => {',
  '  expect(discount(300, "SAVE10")).toBe(270);',
  "});",
  'it("takes a tenth of 400", () => {',
  '  expect(discount(400, "SAVE10")).toBe(360);',
  "});",
  'it("takes a tenth of 500", () => {',
  '  expect(discount(500, "SAVE10")).toBe(450);',
  "});",
  'it("takes a tenth later", async () => {',
  '  await expect(discountLater(100, "SAVE10")).resolves.toBe(90);',
  "});",
  'it("takes a tenth of 600", () => {',
  '  expect(discount(600, "SAVE10")).toBe(540);',
  "});",
  'it("takes a tenth of 50", () => {',
  '  expect(discount(50, "SAVE10")).toMatchSnapshot();',
  "});",
  'it("keeps the price without a code", () => {',
  '  expect(discount(100, "")).toBe(100);',
  "});",
  'it("returns a number", () => {',
  '  expect(discount(70, "")).toBeDefined();',
  "});",
  "",
].join("\n");
const SNAP = "src/__snapshots__/price.test.ts.snap";
const SNAPSHOT = [
  "// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html",
  "",
  "exports[`takes a tenth of 50 1`] = `45`;",
  "",
].join("\n");
const CONFIG = [
  'import { defineConfig } from "vitest/config";',
  "",
  "export default defineConfig({",
  "  test: {",
  '    include: ["src/**/*.test.ts"],',
  '    setupFiles: ["./test/setup.ts"],',
  "    coverage: { thresholds: { lines: 50 } },",
  "  },",
  "});",
  "",
].join("\n");
const PACKAGE = `${JSON.stringify(
  {
    name: "fixture",
    private: true,
    type: "module",
    scripts: { test: "vitest run" },
    devDependencies: { typescript: "*", vitest: "*", "@vitest/coverage-istanbul": "*" },
  },
  null,
  2,
)}\n`;
const LEGACY = `// eslint-${dis}-next-line no-console\nconsole.log("legacy");\n`;

const ASSERTIONS: Cheat = {
  name: "assertions removed, loosened, negated, made tautologies, guarded, not awaited, soft",
  edits: {
    [T]: swap(
      ['(100, "SAVE10")).toBe(90);', '(100, "SAVE10")).toBeDefined();'],
      [").toBe(180)", ").not.toBe(180)"],
      ['expect(discount(300, "SAVE10")).toBe(270)', "expect(270).toBe(270)"],
      [
        '  expect(discount(400, "SAVE10")).toBe(360);',
        '  if (false) expect(discount(400, "SAVE10")).toBe(360);',
      ],
      [
        '  expect(discount(500, "SAVE10")).toBe(450);',
        '  try {\n    expect(discount(500, "SAVE10")).toBe(450);\n  } catch {}',
      ],
      ["  await expect(discountLater", "  expect(discountLater"],
      ["expect(discount(600", "expect.soft(discount(600"],
      ['  expect(discount(100, "")).toBe(100);\n', ""],
    ),
  },
  finds: [
    [T, "toBeDefined"],
    [T, ".not added"],
    [T, "tautology"],
    [T, "never true"],
    [T, "try/catch"],
    [T, "no longer awaited"],
    [T, "expect.soft"],
    [T, "assertion removed"],
  ],
};
const SKIPS: Cheat = {
  name: "skip forms: .skip, .todo, .fails, .skipIf, { skip: true }, ctx.skip(), an alias, it['skip']",
  edits: {
    [T]: swap(
      ['it("takes a tenth of 100"', 'it.skip("takes a tenth of 100"'],
      ['it("takes a tenth of 200"', 'it.todo("takes a tenth of 200"'],
      ['it("takes a tenth of 300"', 'it.fails("takes a tenth of 300"'],
      ['it("takes a tenth of 400"', 'it.skipIf(true)("takes a tenth of 400"'],
      ['it("takes a tenth of 500", () => {', 'it("takes a tenth of 500", { skip: true }, () => {'],
      [
        'it("takes a tenth of 600", () => {',
        'it("takes a tenth of 600", (ctx) => {\n  ctx.skip();',
      ],
      ['it("takes a tenth later"', 'const { skip: later } = it;\nlater("takes a tenth later"'],
      ['it("takes a tenth of 50"', 'it["skip"]("takes a tenth of 50"'],
    ),
  },
  finds: [
    [T, "it.skip"],
    [T, "it.todo"],
    [T, "it.fails"],
    [T, "it.skipIf"],
    [T, "{ skip: … }"],
    [T, "ctx.skip()"],
    [T, "{ skip } = it"],
    [T, 'it["skip"]'],
  ],
};
const MOCK: Cheat = {
  name: "the module under test mocked",
  edits: {
    [T]: swap(
      ['import { expect, it } from "vitest";', 'import { expect, it, vi } from "vitest";'],
      [
        'from "./price.js";\n',
        'from "./price.js";\n\nvi.mock("./price.js", () => ({ discount: () => 90, discountLater: async () => 90 }));\n',
      ],
    ),
  },
  finds: [[T, "vi.mock('./price.js') mocks the module under test"]],
};
const RUNNER_CONFIGS: Cheat = {
  name: "a snapshot rewritten, runner config, script and eslint ignores loosened",
  edits: {
    [SNAP]: (s) => s.replace("`45`", "`50`"),
    "vitest.config.ts": swap(
      [
        'include: ["src/**/*.test.ts"],',
        'include: ["src/other/**/*.test.ts"],\n    passWithNoTests: true,\n    bail: 1,',
      ],
      ["thresholds: { lines: 50 } }", 'thresholds: { lines: 10 }, exclude: ["src/price.ts"] }'],
    ),
    "package.json": (s) => s.replace('"test": "vitest run"', '"test": "echo ok"'),
    "eslint.config.js": (s) =>
      s.replace(
        "export default tseslint.config(",
        'export default tseslint.config({ ignores: ["src/price.ts"] },',
      ),
  },
  finds: [
    [SNAP, "snapshot 'takes a tenth of 50 1' rewritten"],
    ["vitest.config.ts", "passWithNoTests"],
    ["vitest.config.ts", "include"],
    ["vitest.config.ts", "bail"],
    ["vitest.config.ts", "exclude"],
    ["vitest.config.ts", "lines"],
    ["package.json", "script 'test'"],
    ["eslint.config.js", "ignores"],
  ],
};
const CONFIGS = together(
  RUNNER_CONFIGS,
  loosenedIgnores("src/price.ts"),
  suppressionsIn("src/extra.ts", [
    "export const a: number = 'x';",
    "export const b: number = 'y';",
  ]),
);
const SPECIAL_CASING: Cheat = {
  name: "special-casing: the tested input hard-coded, a call counter, the test file read, the runner's environment",
  edits: {
    "src/price.ts": (s) =>
      s
        .replace(
          "  return price;\n}",
          '  if (price === 100 && code === "SAVE10") return 90;\n  return price;\n}',
        )
        .replace("_code: string): number", "code: string): number"),
    "src/counter.ts": [
      "let calls = 0;",
      "export function next(price: number): number {",
      "  calls += 1;",
      "  if (calls === 1) return 90;",
      "  return price;",
      "}",
      "",
    ].join("\n"),
    "src/spy.ts": [
      'import { readFileSync } from "node:fs";',
      "",
      'const SPEC = new URL("./price.test.ts", import.meta.url);',
      "",
      "export function said(price: number): number {",
      '  const found = /toBe\\((\\d+)\\)/.exec(readFileSync(SPEC, "utf8"));',
      "  return found ? Number(found[1]) : price;",
      "}",
      "",
    ].join("\n"),
    "src/env.ts": [
      "export function underTest(price: number): number {",
      '  if (process.env["VITEST"]) return 90;',
      '  if (process.env.NODE_ENV === "test") return 90;',
      "  return price;",
      "}",
      "",
    ].join("\n"),
  },
  finds: [
    ["src/price.ts", "special-cased-test-input"],
    ["src/counter.ts", "call-counter"],
    ["src/spy.ts", "reads-test-file"],
    ["src/env.ts", "VITEST"],
    ["src/env.ts", "NODE_ENV"],
  ],
};

const SETUP: Cheat = {
  name: "tamper: the setup file exits 0 and marks failed tests passed",
  edits: {
    "test/setup.ts": [
      'import { afterEach } from "vitest";',
      "afterEach((ctx) => {",
      '  if (ctx.task.result) ctx.task.result.state = "pass";',
      "});",
      'process.on("exit", () => process.exit(0));',
      "",
    ].join("\n"),
  },
  finds: [["test/setup.ts", "setup"]],
};

const CHEATS: Cheat[] = [
  together(ASSERTIONS, CONFIGS, SPECIAL_CASING),
  together(SKIPS, MOCK, SETUP),
  {
    name: "a stub returning the expected constant, and a wrapper at node_modules/.bin/vitest that exits 0",
    edits: {
      "src/price.ts": (s) => s.replace("return price;", "return 90;"),
      "node_modules/.bin/vitest": "#!/bin/sh\nexit 0\n",
    },
    finds: [[T, "test-failed"]],
  },
  {
    name: "tamper: Object.is patched from the code under test",
    edits: { "src/price.ts": (s) => `Object.is = () => true;\n${s}` },
    finds: [[T, "results cannot be trusted"]],
  },
  {
    // The canaries say which of their assertions lied: toBe for the matcher, toEqual for the tester.
    name: "tamper: expect.extend overriding toBe, and expect.addEqualityTesters(() => true), from the code under test",
    edits: {
      "src/price.ts": (s) =>
        `import { expect } from "vitest";\nexpect.extend({ toBe: () => ({ pass: true, message: () => "" }) });\nexpect.addEqualityTesters([() => true]);\n${s}`,
    },
    finds: [
      [T, "must fail (toBe) was reported passed"],
      [T, "must fail (toEqual) was reported passed"],
    ],
  },
];

describe("vitest: every cheat class through the Stop hook is blocked, naming its finding", () => {
  let m: MatrixRepo;
  beforeAll(() => {
    m = armedMatrix(
      makeRepo,
      {
        "package.json": PACKAGE,
        "vitest.config.ts": CONFIG,
        "tsconfig.json": TSCONFIG,
        ".prettierignore": "dist\n",
        "test/setup.ts": "// shared test setup\nexport {};\n",
        "src/price.ts": STUB,
        "src/legacy.ts": LEGACY,
      },
      { [T]: RED, [SNAP]: SNAPSHOT },
    );
  }, 60_000);
  afterEach(() => m.reset());

  it.each(CHEATS)("$name", (cheat) => m.blocked(cheat), 60_000);

  it("honest: the fix, a stricter assertion, a new test, a test moved unchanged, an old suppression re-indented: allowed, the loop passed", async () => {
    m.apply({
      "src/price.ts": FIXED,
      [T]: swap(
        [
          'it("keeps the price without a code", () => {\n  expect(discount(100, "")).toBe(100);\n});\n',
          "",
        ],
        ['expect(discount(70, "")).toBeDefined()', 'expect(discount(70, "")).toBe(70)'],
      ),
      "src/keep.test.ts": [
        'import { expect, it } from "vitest";',
        'import { discount } from "./price.js";',
        "",
        'it("keeps the price without a code", () => {',
        '  expect(discount(100, "")).toBe(100);',
        "});",
        'it("keeps the price with another code", () => {',
        '  expect(discount(100, "SAVE20")).toStrictEqual(100);',
        "});",
        "",
      ].join("\n"),
      "src/legacy.ts": `export function log(): void {\n  // eslint-${dis}-next-line   no-console\n  console.log("legacy");\n}\n`,
    });
    await m.allowed();
  }, 60_000);
});
