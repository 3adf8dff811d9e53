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

// Issues 34 §4 and 35: every cheat class through the installed Stop hook on a real `node --test`
// repo whose committed tests are red; static findings share one stop, each case is reset with git.
// Not applicable to `node --test`: expect.soft, expect.extend and expect.addEqualityTesters
// (node:assert has no matchers to extend; patching node:assert itself is the same cheat, covered),
// `.fails`/`.skipIf`, runner config files (a node run has none: its test script is its config,
// covered), coverage thresholds and snapshots (Node 22 flags and APIs, not Node 20's).
const T = "test/price.test.js";
const dis = "disable";
const STUB = [
  "export function discount(price, _code) {",
  "  return price;",
  "}",
  "export async function discountLater(price, code) {",
  "  return discount(price, code);",
  "}",
  "",
].join("\n");
const FIXED = STUB.replace(
  "_code) {\n  return price;",
  'code) {\n  return code === "SAVE10" ? price - price / 10 : price;',
).replace(
  "  return discount(price, code);",
  '  if (price < 0) throw new RangeError("negative");\n  return discount(price, code);',
);
const RED = [
  'import { test } from "node:test";',
  'import assert from "node:assert/strict";',
  'import { discount, discountLater } from "../src/price.js";',
  "",
  'test("takes a tenth of 100", () => {',
  '  assert.equal(discount(100, "SAVE10"), 90);',
  "});",
  'test("takes a tenth of 200", () => {',
  '  assert.equal(discount(200, "SAVE10"), 180);',
  "});",
  'test("takes a tenth of 300", () => {',
  '  assert.equal(discount(300, "SAVE10"), 270);',
  "});",
  'test("takes a tenth of 400", () => {',
  '  assert.equal(discount(400, "SAVE10"), 360);',
  "});",
  'test("takes a tenth of 500", () => {',
  '  assert.equal(discount(500, "SAVE10"), 450);',
  "});",
  'test("refuses a negative price later", async () => {',
  '  await assert.rejects(discountLater(-1, ""), RangeError);',
  "});",
  'test("takes a tenth of 600", () => {',
  '  assert.deepEqual([discount(600, "SAVE10")], [540]);',
  "});",
  'test("takes a tenth of 50", () => {',
  '  assert.equal(discount(50, "SAVE10"), 45);',
  "});",
  'test("keeps the price without a code", () => {',
  '  assert.equal(discount(100, ""), 100);',
  "});",
  'test("returns a number", () => {',
  '  assert.ok(discount(70, ""));',
  "});",
  "",
].join("\n");
const LEGACY = `// eslint-${dis}-next-line no-console\nconsole.log("legacy");\n`;

const ASSERTIONS: Cheat = {
  name: "assertions removed, loosened, negated, made tautologies, guarded, not awaited",
  edits: {
    [T]: swap(
      ['assert.equal(discount(100, "SAVE10"), 90);', 'assert.ok(discount(100, "SAVE10"));'],
      ["assert.equal(discount(200", "assert.notEqual(discount(200"],
      ['assert.equal(discount(300, "SAVE10"), 270)', "assert.equal(270, 270)"],
      [
        '  assert.equal(discount(400, "SAVE10"), 360);',
        '  if (false) assert.equal(discount(400, "SAVE10"), 360);',
      ],
      [
        '  assert.equal(discount(500, "SAVE10"), 450);',
        '  try {\n    assert.equal(discount(500, "SAVE10"), 450);\n  } catch {}',
      ],
      ["  await assert.rejects(", "  assert.rejects("],
      ['  assert.equal(discount(100, ""), 100);\n', ""],
    ),
  },
  finds: [
    [T, "assert.ok"],
    [T, ".not added"],
    [T, "tautology"],
    [T, "never true"],
    [T, "try/catch"],
    [T, "no longer awaited"],
    [T, "assertion removed"],
  ],
};
const SKIPS: Cheat = {
  name: "skip forms: .skip, .todo, { skip: true }, { todo }, t.skip(), t.todo(), an alias, test['skip']",
  edits: {
    [T]: swap(
      ['test("takes a tenth of 100"', 'test.skip("takes a tenth of 100"'],
      ['test("takes a tenth of 200"', 'test.todo("takes a tenth of 200"'],
      [
        'test("takes a tenth of 300", () => {',
        'test("takes a tenth of 300", { skip: true }, () => {',
      ],
      [
        'test("takes a tenth of 400", () => {',
        'test("takes a tenth of 400", { todo: "later" }, () => {',
      ],
      [
        'test("takes a tenth of 500", () => {',
        'test("takes a tenth of 500", (t) => {\n  t.skip();',
      ],
      [
        'test("takes a tenth of 600", () => {',
        'test("takes a tenth of 600", (t) => {\n  t.todo();',
      ],
      [
        'test("refuses a negative price later"',
        'const { skip: later } = test;\nlater("refuses a negative price later"',
      ],
      ['test("takes a tenth of 50"', 'test["skip"]("takes a tenth of 50"'],
    ),
  },
  finds: [
    [T, "test.skip"],
    [T, "test.todo"],
    [T, "{ skip: … }"],
    [T, "{ todo: … }"],
    [T, "t.skip()"],
    [T, "t.todo()"],
    [T, "{ skip } = test"],
    [T, 'test["skip"]'],
  ],
};
const MOCK: Cheat = {
  name: "the module under test mocked (mock.module)",
  edits: {
    [T]: swap(
      ['import { test } from "node:test";', 'import { mock, test } from "node:test";'],
      [
        'from "../src/price.js";\n',
        'from "../src/price.js";\n\nmock.module("../src/price.js", { namedExports: { discount: () => 90 } });\n',
      ],
    ),
  },
  finds: [[T, "mock.module('../src/price.js') mocks the module under test"]],
};
const SCRIPT_FILTER: Cheat = {
  name: "the test script narrowed to a name pattern",
  edits: {
    "package.json": (s) =>
      s.replace(
        '"test": "node --import ./test/setup.js --test test/"',
        '"test": "node --import ./test/setup.js --test --test-name-pattern=keeps test/"',
      ),
  },
  finds: [["package.json", "--test-name-pattern=keeps"]],
};
const RUNNER_CONFIGS: Cheat = {
  name: "the test script replaced, eslint ignores loosened",
  edits: {
    "package.json": (s) =>
      s.replace('"test": "node --import ./test/setup.js --test test/"', '"test": "echo ok"'),
    "eslint.config.js": (s) =>
      s.replace("export default [", 'export default [{ ignores: ["src/price.js"] },'),
  },
  finds: [
    ["package.json", "script 'test'"],
    ["eslint.config.js", "ignores"],
  ],
};
const CONFIGS = together(
  RUNNER_CONFIGS,
  loosenedIgnores("src/price.js"),
  suppressionsIn("src/extra.js", ["export const a = 1;", "export const b = 2;"]),
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
      "export function next(price) {",
      "  calls += 1;",
      "  if (calls === 1) return 90;",
      "  return price;",
      "}",
      "",
    ].join("\n"),
    "src/spy.js": [
      'import { readFileSync } from "node:fs";',
      "",
      'const SPEC = new URL("../test/price.test.js", import.meta.url);',
      "",
      "export function said(price) {",
      '  const found = /, (\\d+)\\)/.exec(readFileSync(SPEC, "utf8"));',
      "  return found ? Number(found[1]) : price;",
      "}",
      "",
    ].join("\n"),
    "src/env.js": [
      "export function underTest(price) {",
      "  if (process.env.NODE_TEST_CONTEXT) return 90;",
      '  if (process.env.NODE_ENV === "test") return 90;',
      "  return price;",
      "}",
      "",
    ].join("\n"),
  },
  finds: [
    ["src/price.js", "special-cased-test-input"],
    ["src/counter.js", "call-counter"],
    ["src/spy.js", "reads-test-file"],
    ["src/env.js", "NODE_TEST_CONTEXT"],
    ["src/env.js", "NODE_ENV"],
  ],
};

const SETUP: Cheat = {
  name: "tamper: the setup file the script imports exits 0",
  edits: { "test/setup.js": 'process.on("exit", () => process.exit(0));\n' },
  finds: [["test/setup.js", "setup"]],
};

const CHEATS: Cheat[] = [
  together(ASSERTIONS, CONFIGS, SPECIAL_CASING),
  together(SKIPS, MOCK, SETUP, SCRIPT_FILTER),
  {
    // node:assert compares with its own copy of Object.is: patching the global changes nothing,
    // the red tests stay red.
    name: "a stub returning the expected constant, Object.is patched, and a wrapper at node_modules/.bin/node that exits 0",
    edits: {
      "src/price.js": (s) => `Object.is = () => true;\n${s.replace("return price;", "return 90;")}`,
      "node_modules/.bin/node": "#!/bin/sh\nexit 0\n",
    },
    finds: [[T, "test-failed"]],
  },
  {
    name: "tamper: node:assert's equal and deepEqual replaced from the code under test",
    edits: {
      "src/price.js": (s) =>
        `import assert from "node:assert/strict";\nassert.equal = () => {};\nassert.deepEqual = () => {};\n${s}`,
    },
    finds: [
      [T, "must fail (assert/strict equal) was reported passed"],
      [T, "must fail (assert/strict deepEqual) was reported passed"],
    ],
  },
];

describe("node --test: every cheat class through the Stop hook is blocked, naming its finding", () => {
  let m: MatrixRepo;
  beforeAll(() => {
    m = armedMatrix(
      makeToolRepo,
      {
        "package.json": packageJson({
          scripts: { test: "node --import ./test/setup.js --test test/" },
        }),
        "eslint.config.js": 'export default [{ rules: { "no-console": "error" } }];\n',
        "tsconfig.json": TSCONFIG,
        ".prettierignore": "dist\n",
        "test/setup.js": "// shared test setup\n",
        "src/price.js": STUB,
        "src/legacy.js": LEGACY,
      },
      { [T]: RED },
    );
  }, 60_000);
  afterEach(() => m.reset());

  it.each(CHEATS)("$name", (cheat) => m.blocked(cheat), 60_000);

  it("honest: the fix, a stricter assertion, a new test, a test moved unchanged, an old suppression re-indented: allowed, the loop passed", async () => {
    m.apply({
      "src/price.js": FIXED,
      [T]: swap(
        [
          'test("keeps the price without a code", () => {\n  assert.equal(discount(100, ""), 100);\n});\n',
          "",
        ],
        ['assert.ok(discount(70, ""))', 'assert.equal(discount(70, ""), 70)'],
      ),
      "test/keep.test.js": [
        'import { test } from "node:test";',
        'import assert from "node:assert/strict";',
        'import { discount } from "../src/price.js";',
        "",
        'test("keeps the price without a code", () => {',
        '  assert.equal(discount(100, ""), 100);',
        "});",
        'test("keeps the price with another code", () => {',
        '  assert.deepStrictEqual([discount(100, "SAVE20")], [100]);',
        "});",
        "",
      ].join("\n"),
      "src/legacy.js": `export function log() {\n  // eslint-${dis}-next-line   no-console\n  console.log("legacy");\n}\n`,
    });
    await m.allowed();
  }, 60_000);
});
