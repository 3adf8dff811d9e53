import { describe, expect, it } from "vitest";
import type { FileChange } from "../diff/change.js";
import type { IstanbulFileCoverage } from "../tools/vitest.js";
import { functionCoverage } from "./crap.js";
import { changedLineCoverage } from "./tests.js";

const entry: IstanbulFileCoverage = {
  path: "/repo/src/a.ts",
  statementMap: {
    "0": { start: { line: 2, column: 2 }, end: { line: 2, column: 10 } },
    "1": { start: { line: 3, column: 2 }, end: { line: 3, column: 10 } },
    "2": { start: { line: 7, column: 2 }, end: { line: 7, column: 10 } },
    "3": { start: { line: 8, column: 2 }, end: { line: 8, column: 10 } },
  },
  s: { "0": 1, "1": 0, "2": 0, "3": 0 },
};

describe("coverage joined by position", () => {
  it("counts the statements that start inside a function", () => {
    const fn = {
      name: "f",
      line: 1,
      start: { line: 1, column: 0 },
      end: { line: 4, column: 1 },
      complexity: 2,
    };
    expect(functionCoverage(fn, entry)).toBe(0.5);
    expect(
      functionCoverage(
        { ...fn, start: { line: 6, column: 0 }, end: { line: 9, column: 1 } },
        entry,
      ),
    ).toBe(0);
    expect(functionCoverage(fn, undefined)).toBe(0);
  });

  it("measures the changed lines that carry a statement", () => {
    const file = {
      path: "src/a.ts",
      added: new Map([
        [2, ""],
        [3, ""],
        [5, ""],
        [7, ""],
      ]),
    } as unknown as FileChange;
    const coverage = new Map([["src/a.ts", entry]]);
    expect(changedLineCoverage([file], coverage)).toBeCloseTo(100 / 3);
    expect(changedLineCoverage([file], new Map())).toBeUndefined();
  });
});
