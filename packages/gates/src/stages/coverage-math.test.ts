import { describe, expect, it } from "vitest";
import type { FileChange } from "../diff/change.js";
import type { IstanbulFileCoverage } from "../tools/vitest.js";
import { mergeCoverage, mergeRuns } from "../tools/v8-coverage.js";
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
  fnMap: {},
  branchMap: {},
  f: {},
  b: {},
};

/** What v8-to-istanbul makes of a child process that ran lines 6-9 of the same file: one statement per line. */
const child: IstanbulFileCoverage = {
  path: "/repo/src/a.ts",
  statementMap: Object.fromEntries(
    [1, 2, 3, 4, 6, 7, 8, 9].map((line, i) => [
      String(i),
      { start: { line, column: 0 }, end: { line, column: 12 } },
    ]),
  ),
  s: { "0": 0, "1": 0, "2": 0, "3": 0, "4": 1, "5": 1, "6": 1, "7": 1 },
  fnMap: {},
  branchMap: {},
  f: {},
  b: {},
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

  it("a child process's line coverage marks the test runner's statements on those lines as run", () => {
    const merged = mergeCoverage(new Map([["src/a.ts", entry]]), new Map([["src/a.ts", child]]));
    const file = merged.get("src/a.ts");
    // Still the runner's four statements, not a union with the child's eight lines.
    expect(Object.keys(file?.statementMap ?? {})).toHaveLength(4);
    expect(file?.s).toEqual({ "0": 1, "1": 0, "2": 1, "3": 1 });
    const second = {
      name: "g",
      line: 6,
      start: { line: 6, column: 0 },
      end: { line: 9, column: 1 },
      complexity: 1,
    };
    expect(functionCoverage(second, file)).toBe(1);
    const only = mergeCoverage(new Map(), new Map([["src/a.ts", child]])).get("src/a.ts");
    expect(functionCoverage(second, only)).toBe(1);
    // Lines 2-4 and 6-9 are its own (line 1 declares it): 4 of 7 ran.
    expect(functionCoverage({ ...second, start: { line: 1, column: 0 } }, only)).toBeCloseTo(4 / 7);
  });

  it("two runs of the same file add up their hits", () => {
    const other = { ...entry, s: { "0": 0, "1": 2, "2": 0, "3": 0 } };
    const merged = mergeRuns(new Map([["src/a.ts", entry]]), new Map([["src/a.ts", other]]));
    expect(merged.get("src/a.ts")?.s).toEqual({ "0": 1, "1": 2, "2": 0, "3": 0 });
  });
});
