import { describe, expect, it } from "vitest";
import type { Oracle } from "../oracle/index.js";
import { judgedFile } from "../../test/judged-file.js";
import { moduleMockFindings } from "./module-mocks.js";
import { setupFileFindings, setupFilePaths } from "./setup-files.js";
import { weakenedAssertions } from "./weakened-assertions.js";

// node:assert assertions, node:test's mock.module and runner setup files, judged like expect
// chains, vi.mock and configs (the end-to-end cases: src/loop/hook-cheats-node.integration.test.ts).
const PATH = "test/price.test.js";
const test = (...body: string[]) =>
  [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { discount } from "../src/price.js";',
    "",
    'test("takes a tenth", async (t) => {',
    ...body.map((line) => `  ${line}`),
    "});",
    "",
  ].join("\n");
const BEFORE = test(
  'assert.equal(discount(100, "SAVE10"), 90);',
  'assert(discount(70, ""));',
  'await assert.rejects(discount(-1, ""), RangeError);',
);

const judged = (before: string, after: string, path = PATH) => judgedFile(path, before, after);
const messages = async (after: string) =>
  (await weakenedAssertions(judged(BEFORE, after), [])).map((f) => f.message);

describe("node:assert assertions", () => {
  it("loosened, negated, a tautology, an un-awaited rejects, removed: each a finding", async () => {
    expect(
      await messages(
        test(
          'assert.ok(discount(100, "SAVE10"));',
          'assert.notEqual(discount(70, ""), 0);',
          'assert.rejects(discount(-1, ""), RangeError);',
        ),
      ),
    ).toEqual([
      expect.stringContaining("assertion loosened: assert.equal"),
      expect.stringContaining("(.not added or removed)"),
      expect.stringContaining("no longer awaited"),
    ]);
    expect(await messages(test("assert.equal(90, 90);"))).toEqual([
      expect.stringContaining("a tautology"),
      expect.stringContaining("assertion removed"),
      expect.stringContaining("assertion removed"),
    ]);
  });

  it("stricter, restyled or re-indented: no finding", async () => {
    expect(
      await messages(
        test(
          'assert.strictEqual(discount(100, "SAVE10"), 90);',
          't.assert.ok(discount(70, ""));',
          "await assert.rejects(",
          '    discount(-1, ""),',
          "    RangeError,",
          ");",
          'assert.deepStrictEqual([discount(1, "")], [1]);',
        ),
      ),
    ).toEqual([]);
    expect(
      await messages(
        test(
          'assert.equal(discount(100, "SAVE10"), 90);',
          'assert.equal(discount(70, ""), 70);',
          'await assert.rejects(discount(-1, ""), RangeError);',
        ),
      ),
    ).toEqual([]);
  });

  it("mock.module of the module under test, not of a dependency", async () => {
    const mocked = (specifier: string) =>
      BEFORE.replace(
        'from "../src/price.js";\n',
        `from "../src/price.js";\nmock.module("${specifier}", { namedExports: {} });\n`,
      );
    const found = await moduleMockFindings(judged(BEFORE, mocked("../src/price.js")), []);
    expect(found.map((f) => f.message)).toEqual([
      "mock.module('../src/price.js') mocks the module under test: its tests no longer run its code",
    ]);
    expect(await moduleMockFindings(judged(BEFORE, mocked("../src/rates.js")), [])).toEqual([]);
  });
});

function oracleOf(files: Record<string, string>): Oracle {
  return {
    id: "o",
    source: { kind: "commit", commit: "c", ref: "main" },
    files: new Map(),
    read: async (path: string) => files[path],
    paths: (kind?: string) =>
      Object.keys(files).filter((p) =>
        kind === "package"
          ? p.endsWith("package.json")
          : kind === "test-config" && p.includes("config"),
      ),
  } as unknown as Oracle;
}

describe("the test runner's setup files", () => {
  it("are read from vitest and jest configs and from node's --import / --require", async () => {
    const paths = await setupFilePaths(
      oracleOf({
        "vitest.config.ts": 'export default { test: { setupFiles: ["./test/setup.ts"] } };',
        "web/jest.config.js":
          'module.exports = { setupFilesAfterEnv: ["<rootDir>/jest.setup.js"], globalSetup: "./g.cjs", setupFiles: ["jest-canvas-mock"] };',
        "package.json": JSON.stringify({
          scripts: { test: "node --import ./test/register.js -r ./test/env.cjs --test" },
        }),
      }),
    );
    expect([...paths].sort()).toEqual([
      "test/env.cjs",
      "test/register.js",
      "test/setup.ts",
      "web/g.cjs",
      "web/jest.setup.js",
    ]);
  });

  it("an edit or a deletion is a finding; another file, or a declared change, is not", () => {
    const setups = new Set(["test/setup.ts"]);
    const edited = judged(
      "export {};\n",
      'process.on("exit", () => process.exit(0));\n',
      "test/setup.ts",
    );
    expect(setupFileFindings([edited], setups, []).map((f) => [f.file, f.line, f.rule])).toEqual([
      ["test/setup.ts", 1, "changed-setup"],
    ]);
    expect(setupFileFindings([{ ...edited, after: undefined }], setups, [])[0]?.message).toContain(
      "setup file deleted",
    );
    expect(setupFileFindings([{ ...edited, path: "test/helper.ts" }], setups, [])).toEqual([]);
    expect(setupFileFindings([edited], setups, [{ path: "test/setup.ts" }])).toEqual([]);
  });
});
