import { describe, expect, it } from "vitest";
import { parseCommand } from "./command.js";
import { avaFindings, isAva } from "./ava.js";

// Issue 46 (chalk): a failing ava test must be named in the block like a vitest or jest one
// (file:line, name, assertion). ava 3.15's own TAP output (`ava --tap`), recorded.
const TAP = `TAP version 13
ok 1 - adds
not ok 2 - chalk › support nesting styles
  ---
    name: AssertionError
    assertion: is
    values:
      'Difference:': |-
        - 2
        + 3
    at: 'file://test/chalk.js:46:4'
  ...
not ok 3 - deep
  ---
    name: AssertionError
    message: objects differ
    assertion: deepEqual
    values:
      'Difference:': |2-
          {
        -   a: 1,
        +   a: 2,
          }
    at: 'file://test/a.js:12:4'
  ...
not ok 4 - later # TODO
ok 5 - skipped # SKIP

1..5
# tests 4
# pass 1
# fail 2
`;

describe("ava's TAP", () => {
  it("names each failed test at its file and line, with the assertion, message and difference", () => {
    expect(avaFindings(TAP, "/repo")).toEqual([
      {
        file: "test/chalk.js",
        line: 46,
        rule: "test-failed",
        message: "chalk › support nesting styles: t.is() failed: difference: - 2 / + 3",
      },
      {
        file: "test/a.js",
        line: 12,
        rule: "test-failed",
        message: "deep: t.deepEqual() failed: objects differ: difference: - a: 1, / + a: 2,",
      },
    ]);
  });

  it("escape codes in a compared string are shown, not stripped as color", () => {
    const tap =
      "not ok 1 - red\n  ---\n    assertion: is\n    values:\n      'Difference:': |-\n        - '\u001B[31ma'\n        + 'a'\n    at: 'file://test/a.js:3:4'\n  ...\n";
    expect(avaFindings(tap, "/repo")?.[0]?.message).toBe(
      "red: t.is() failed: difference: - '\\u001B[31ma' / + 'a'",
    );
  });

  it("no failed test (ava crashed, or c8's coverage check failed): undefined, the exit code tells", () => {
    expect(avaFindings("TAP version 13\nok 1 - adds\n", "/repo")).toBeUndefined();
  });

  it("knows ava alone and under c8 or nyc", () => {
    expect(
      ["ava", "c8 ava", "c8 --reporter=lcov ava --verbose", "npx ava", "c8 node --test", "tsd"].map(
        (t) => isAva(parseCommand(t)),
      ),
    ).toEqual([true, true, true, true, false, false]);
  });
});
