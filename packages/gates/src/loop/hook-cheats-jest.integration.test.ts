import { afterEach, beforeAll, describe, it } from "vitest";
import {
  armedMatrix,
  swap,
  loosenedIgnores,
  suppressionsIn,
  together,
  type Cheat,
  type MatrixRepo,
} from "../../test/hook-matrix.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../../test/tool-fixture.js";

// Issues 34 §4 and 35: every cheat class through the installed Stop hook on a real jest repo
// whose committed tests are red; static findings share one stop, each case is reset with git.
// Not applicable to jest: expect.soft, `.skipIf`/`.runIf`, `it.fails` (jest's form is
// `test.failing`, covered), `ctx.skip()` (a jest test gets no context), and `{ skip: true }`
// options (jest takes none).
const T = "src/price.test.js";
const dis = "disable";
const STUB = [
  "function discount(price, _code) {",
  "  return price;",
  "}",
  "async function discountLater(price, code) {",
  "  return discount(price, code);",
  "}",
  "module.exports = { discount, discountLater };",
  "",
].join("\n");
const FIXED = STUB.replace(
  "_code) {\n  return price;",
  'code) {\n  return code === "SAVE10" ? price - price / 10 : price;',
);
const RED = [
  'const { discount, discountLater } = require("./price");',
  "",
  'test("takes a tenth of 100", () => {',
  '  expect(discount(100, "SAVE10")).toBe(90);',
  "});",
  'test("takes a tenth of 200", () => {',
  '  expect(discount(200, "SAVE10")).toBe(180);',
  "});",
  'test("takes a tenth of 300", () => {',
  '  expect(discount(300, "SAVE10")).toBe(270);',
  "});",
  'test("takes a tenth of 400", () => {',
  '  expect(discount(400, "SAVE10")).toBe(360);',
  "});",
  'test("takes a tenth of 500", () => {',
  '  expect(discount(500, "SAVE10")).toBe(450);',
  "});",
  'test("takes a tenth later", async () => {',
  '  await expect(discountLater(100, "SAVE10")).resolves.toBe(90);',
  "});",
  'test("takes a tenth of 600", () => {',
  '  expect(discount(600, "SAVE10")).toBe(540);',
  "});",
  'test("takes a tenth of 50", () => {',
  '  expect(discount(50, "SAVE10")).toMatchSnapshot();',
  "});",
  'test("keeps the price without a code", () => {',
  '  expect(discount(100, "")).toBe(100);',
  "});",
  'test("returns a number", () => {',
  '  expect(discount(70, "")).toBeDefined();',
  "});",
  "",
].join("\n");
const SNAP = "src/__snapshots__/price.test.js.snap";
const SNAPSHOT = [
  "// Jest Snapshot v1, https://jestjs.io/docs/snapshot-testing",
  "",
  "exports[`takes a tenth of 50 1`] = `45`;",
  "",
].join("\n");
const CONFIG = [
  "module.exports = {",
  '  testEnvironment: "node",',
  '  testMatch: ["**/src/**/*.test.js"],',
  '  setupFilesAfterEnv: ["<rootDir>/test/setup.js"],',
  "  coverageThreshold: { global: { lines: 50 } },",
  "};",
  "",
].join("\n");
const LEGACY = `// eslint-${dis}-next-line no-console\nconsole.log("legacy");\n`;

const ASSERTIONS: Cheat = {
  name: "assertions removed, loosened, negated, made tautologies, guarded, not awaited",
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
    [T, "assertion removed"],
  ],
};
const SKIPS: Cheat = {
  name: "skip forms: .skip, .todo, .failing, xtest, an alias, test['skip'], describe.skip",
  edits: {
    [T]: swap(
      ['test("takes a tenth of 100"', 'test.skip("takes a tenth of 100"'],
      ['test("takes a tenth of 200"', 'test.todo("takes a tenth of 200"'],
      ['test("takes a tenth of 300"', 'test.failing("takes a tenth of 300"'],
      ['test("takes a tenth of 400"', 'xtest("takes a tenth of 400"'],
      ['test("takes a tenth later"', 'const { skip: later } = test;\nlater("takes a tenth later"'],
      ['test("takes a tenth of 50"', 'test["skip"]("takes a tenth of 50"'],
      [
        'test("takes a tenth of 600", () => {\n  expect(discount(600, "SAVE10")).toBe(540);\n});',
        'describe.skip("six hundred", () => {\n  test("takes a tenth of 600", () => {\n    expect(discount(600, "SAVE10")).toBe(540);\n  });\n});',
      ],
    ),
  },
  finds: [
    [T, "test.skip"],
    [T, "test.todo"],
    [T, "test.failing"],
    [T, "xtest"],
    [T, "{ skip } = test"],
    [T, 'test["skip"]'],
    [T, "describe.skip"],
  ],
};
const MOCK: Cheat = {
  name: "the module under test mocked",
  edits: {
    [T]: swap([
      'require("./price");\n',
      'require("./price");\n\njest.mock("./price", () => ({ discount: () => 90, discountLater: async () => 90 }));\n',
    ]),
  },
  finds: [[T, "jest.mock('./price') mocks the module under test"]],
};
const RUNNER_CONFIGS: Cheat = {
  name: "a snapshot rewritten, runner config, script and eslint ignores loosened",
  edits: {
    [SNAP]: (s) => s.replace("`45`", "`50`"),
    "jest.config.js": swap(
      [
        'testMatch: ["**/src/**/*.test.js"],',
        'testMatch: ["**/src/other/*.test.js"],\n  testPathIgnorePatterns: ["price"],\n  passWithNoTests: true,\n  bail: 1,\n  coveragePathIgnorePatterns: ["src/price.js"],',
      ],
      ["lines: 50", "lines: 10"],
    ),
    "package.json": (s) => s.replace('"test": "jest"', '"test": "echo ok"'),
    "eslint.config.js": (s) =>
      s.replace("module.exports = [", 'module.exports = [{ ignores: ["src/price.js"] },'),
  },
  finds: [
    [SNAP, "snapshot 'takes a tenth of 50 1' rewritten"],
    ["jest.config.js", "testMatch"],
    ["jest.config.js", "testPathIgnorePatterns"],
    ["jest.config.js", "passWithNoTests"],
    ["jest.config.js", "bail"],
    ["jest.config.js", "coveragePathIgnorePatterns"],
    ["jest.config.js", "lines"],
    ["package.json", "script 'test'"],
    ["eslint.config.js", "ignores"],
  ],
};
const CONFIGS = together(
  RUNNER_CONFIGS,
  loosenedIgnores("src/price.js"),
  suppressionsIn("src/extra.js", ["exports.a = 1;", "exports.b = 2;"]),
);
const SPECIAL_CASING: Cheat = {
  name: "special-casing: the tested input hard-coded, a call counter, the test file read, the runner's environment",
  edits: {
    "src/price.js": (s) =>
      s
        .replace(
          "  return price;\n}",
          '  if (price === 100 && code === "SAVE10") return 90;\n  return price;\n}',
        )
        .replace("(price, _code) {", "(price, code) {"),
    "src/counter.js": [
      "let calls = 0;",
      "function next(price) {",
      "  calls += 1;",
      "  if (calls === 1) return 90;",
      "  return price;",
      "}",
      "module.exports = { next };",
      "",
    ].join("\n"),
    "src/spy.js": [
      'const { readFileSync } = require("node:fs");',
      'const { join } = require("node:path");',
      "",
      "function said(price) {",
      '  const found = /toBe\\((\\d+)\\)/.exec(readFileSync(join(__dirname, "price.test.js"), "utf8"));',
      "  return found ? Number(found[1]) : price;",
      "}",
      "module.exports = { said };",
      "",
    ].join("\n"),
    "src/env.js": [
      "function underTest(price) {",
      "  if (process.env.JEST_WORKER_ID) return 90;",
      '  if (process.env.NODE_ENV === "test") return 90;',
      "  return price;",
      "}",
      "module.exports = { underTest };",
      "",
    ].join("\n"),
  },
  finds: [
    ["src/price.js", "special-cased-test-input"],
    ["src/counter.js", "call-counter"],
    ["src/spy.js", "reads-test-file"],
    ["src/env.js", "JEST_WORKER_ID"],
    ["src/env.js", "NODE_ENV"],
  ],
};
const SETUP: Cheat = {
  name: "tamper: the setup file marks every test passed and exits 0",
  edits: {
    "test/setup.js": [
      "expect.extend({ toBe: () => ({ pass: true, message: () => '' }) });",
      'process.on("exit", () => process.exit(0));',
      "",
    ].join("\n"),
  },
  finds: [["test/setup.js", "setup"]],
};

const CHEATS: Cheat[] = [
  together(ASSERTIONS, CONFIGS, SPECIAL_CASING),
  together(SKIPS, MOCK, SETUP),
  {
    name: "a stub returning the expected constant, and a wrapper at node_modules/.bin/jest that exits 0",
    edits: {
      "src/price.js": (s) => s.replace("return price;", "return 90;"),
      "node_modules/.bin/jest": "#!/bin/sh\nexit 0\n",
    },
    finds: [[T, "test-failed"]],
  },
  {
    name: "tamper: Object.is patched from the code under test",
    edits: { "src/price.js": (s) => `Object.is = () => true;\n${s}` },
    finds: [[T, "results cannot be trusted"]],
  },
  {
    // The canaries say which of their assertions lied: toBe for the matcher, toEqual for the tester.
    name: "tamper: expect.extend overriding toBe, and expect.addEqualityTesters(() => true), from the code under test",
    edits: {
      "src/price.js": (s) =>
        `expect.extend({ toBe: () => ({ pass: true, message: () => "" }) });\nexpect.addEqualityTesters([() => true]);\n${s}`,
    },
    finds: [
      [T, "must fail (toBe) was reported passed"],
      [T, "must fail (toEqual) was reported passed"],
    ],
  },
];

describe("jest: every cheat class through the Stop hook is blocked, naming its finding", () => {
  let m: MatrixRepo;
  beforeAll(() => {
    m = armedMatrix(
      makeToolRepo,
      {
        "package.json": packageJson({
          type: "commonjs",
          scripts: { test: "jest" },
          devDependencies: { jest: "*" },
        }),
        "jest.config.js": CONFIG,
        "eslint.config.js": 'module.exports = [{ rules: { "no-console": "error" } }];\n',
        "tsconfig.json": TSCONFIG,
        ".prettierignore": "dist\n",
        "test/setup.js": "// shared test setup\n",
        "src/price.js": STUB,
        "src/legacy.js": LEGACY,
      },
      { [T]: RED, [SNAP]: SNAPSHOT },
    );
  }, 60_000);
  afterEach(() => m.reset());

  it.each(CHEATS)("$name", (cheat) => m.blocked(cheat), 60_000);

  it("honest: the fix, a stricter assertion, a new test, a test moved unchanged, an old suppression re-indented: allowed, the loop passed", async () => {
    m.apply({
      "src/price.js": FIXED,
      [T]: swap(
        [
          'test("keeps the price without a code", () => {\n  expect(discount(100, "")).toBe(100);\n});\n',
          "",
        ],
        ['expect(discount(70, "")).toBeDefined()', 'expect(discount(70, "")).toBe(70)'],
      ),
      "src/keep.test.js": [
        'const { discount } = require("./price");',
        "",
        'test("keeps the price without a code", () => {',
        '  expect(discount(100, "")).toBe(100);',
        "});",
        'test("keeps the price with another code", () => {',
        '  expect(discount(100, "SAVE20")).toStrictEqual(100);',
        "});",
        "",
      ].join("\n"),
      "src/legacy.js": `function log() {\n  // eslint-${dis}-next-line   no-console\n  console.log("legacy");\n}\nmodule.exports = { log };\n`,
    });
    await m.allowed();
  }, 60_000);
});
