import { describe, expect, it } from "vitest";
import { GatesError } from "../errors.js";
import { parseTaskFile } from "./task-file.js";
import { declaredTestChanges } from "./task-tests.js";

// Issue 34 §1-2: a task file names its oracle (ORACLE:) and its tests (## TESTS).

const TASK = [
  "# Task: discounts",
  "ORACLE: release-1.2",
  "",
  "## TESTS",
  "- src/price.test.ts",
  "- src/cart.test.ts > empties the cart",
  '- "keeps the total without a code"',
  "- file: src/price.test.ts",
  "  name: takes 10 off with SAVE10",
  "  action: modify",
  "  reason: SAVE10 takes 15 % off from now on",
  "- path: src/legacy.test.ts",
  "  action: MODIFY",
  "  reason: `the legacy rate is gone`",
  "",
  "## Notes",
  "- anything: goes here",
].join("\n");

describe("## TESTS and ORACLE:", () => {
  it("reads shorthand and keyed entries, and the oracle ref", () => {
    const task = parseTaskFile(TASK, "TASK.md");
    expect(task.oracle).toBe("release-1.2");
    expect(task.tests).toEqual([
      { file: "src/price.test.ts", name: null, action: "keep", reason: null, line: 5 },
      { file: "src/cart.test.ts", name: "empties the cart", action: "keep", reason: null, line: 6 },
      {
        file: null,
        name: "keeps the total without a code",
        action: "keep",
        reason: null,
        line: 7,
      },
      {
        file: "src/price.test.ts",
        name: "takes 10 off with SAVE10",
        action: "modify",
        reason: "SAVE10 takes 15 % off from now on",
        line: 8,
      },
      {
        file: "src/legacy.test.ts",
        name: null,
        action: "modify",
        reason: "the legacy rate is gone",
        line: 12,
      },
    ]);
  });

  it("exposes the declared changes (for the floor)", () => {
    const task = parseTaskFile(TASK, "TASK.md");
    expect(declaredTestChanges(task)).toEqual([
      {
        path: "src/price.test.ts",
        test: "takes 10 off with SAVE10",
        reason: "SAVE10 takes 15 % off from now on",
      },
      { path: "src/legacy.test.ts", reason: "the legacy rate is gone" },
    ]);
    expect(declaredTestChanges(undefined)).toEqual([]);
    expect(parseTaskFile("# t\n", "T.md")).toMatchObject({ oracle: undefined, tests: undefined });
  });

  it.each([
    [
      "## TESTS\n- file: a.test.ts\n  action: modify\n",
      "TASK.md:2: an 'action: modify' entry must say why ('reason: …')",
    ],
    [
      "## TESTS\n- name: x\n  action: modify\n  reason: y\n",
      "TASK.md:2: an 'action: modify' entry must name its file ('file: …')",
    ],
    [
      "## TESTS\n- file: a.test.ts\n  action: delete\n",
      "TASK.md:2: action 'delete' is not keep or modify",
    ],
    ["## TESTS\n  reason: why\n", "TASK.md:2: 'reason:' before any '- ' entry"],
    [
      "## TESTS\nsome prose\n",
      "TASK.md:2: expected '- <test file or name>' or 'key: value', got 'some prose'",
    ],
    ["## TESTS\n- file: ../a.test.ts\n", "TASK.md:2: test file '../a.test.ts' leaves the project"],
    [
      "## TESTS\n- file: a.test.ts\n  file: b.test.ts\n",
      "TASK.md:3: the entry has a second 'file:'",
    ],
    ["## TESTS\n\n## Notes\n", "TASK.md:1: ## TESTS lists no test"],
    ["## TESTS\n- a.test.ts\n## Tests\n- b.test.ts\n", "TASK.md:3: a second '## Tests' section"],
    ["ORACLE: a\nORACLE: b\n", "TASK.md:2: a second ORACLE"],
    ["ORACLE: ''\n", "TASK.md:1: ORACLE is empty (expected a git ref)"],
  ])("%j → one line naming the line", (text, message) => {
    let error: unknown;
    try {
      parseTaskFile(text, "TASK.md");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GatesError);
    expect((error as GatesError).message).toBe(message);
  });
});
