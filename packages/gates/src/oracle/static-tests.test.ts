import { expect, it } from "vitest";
import { staticTestNames } from "./static-tests.js";

// Issue 34 §2: the tests of an oracle file that must be in the run's report — only those that
// surely run, so that an honest file never yields a "missing" test.
it("counts literal tests reached through describe callbacks, nothing conditional or computed", async () => {
  const text = [
    'import { describe, expect, it, test } from "vitest";',
    'it("top", () => {});',
    'test.skip("skipped but reported", () => {});',
    'describe("suite", () => {',
    '  it("inner", async () => {});',
    '  describe.skip("deeper", function () {',
    '    test("deepest", () => {});',
    "  });",
    "});",
    'it.each([1, 2])("each %i", () => {});',
    'it.skipIf(process.env.CI)("maybe", () => {});',
    'describe.each([1])("table", () => { it("in a table", () => {}); });',
    'if (process.platform === "linux") it("linux only", () => {});',
    'for (const name of ["a", "b"]) it(name, () => {});',
    'function helper() { it("from a helper", () => {}); }',
    "it(`template ${1}`, () => {});",
    'it("$value placeholder", () => {});',
  ].join("\n");
  expect(await staticTestNames("src/a.test.ts", text)).toEqual([
    "top",
    "skipped but reported",
    "inner",
    "deepest",
  ]);
  expect(await staticTestNames("tests/test_a.py", "def test_a():\n    pass\n")).toEqual([]);
});
