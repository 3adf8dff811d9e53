import { describe, expect, it } from "vitest";
import { scopeNote } from "./tests.js";

describe("scopeNote: what the tests stage says a related run ran", () => {
  const related = {
    scope: "related" as const,
    reason: "the tests that import src/mul.js",
    files: ["test/mul.test.js"],
    unrelated: 1,
  };

  it.each<
    [string, Parameters<typeof scopeNote>[0], Parameters<typeof scopeNote>[1], string | undefined]
  >([
    [
      "a full run asked for",
      { scope: "full", reason: "a full run", files: [], unrelated: 0 },
      "full",
      undefined,
    ],
    ["no scope (no runner)", undefined, "related", undefined],
    [
      "a related run widened by a config change",
      {
        scope: "full",
        reason: "the change touches vitest.config.js, which the oracle holds",
        files: [],
        unrelated: 0,
      },
      "related",
      "the whole suite ran: the change touches vitest.config.js, which the oracle holds",
    ],
    [
      "a related run",
      related,
      "related",
      "related tests only (the tests that import src/mul.js): ran 1 test file(s) (test/mul.test.js); not run: 1 unrelated test file(s)",
    ],
    [
      "an edited oracle test file, run in both versions",
      { ...related, bothVersions: ["test/mul.test.js"] },
      "related",
      "related tests only (the tests that import src/mul.js): ran 1 test file(s) (test/mul.test.js); test/mul.test.js ran as the oracle has it and as the change has it; not run: 1 unrelated test file(s)",
    ],
  ])("%s", (_label, scope, wanted, note) => {
    expect(scopeNote(scope, wanted)).toBe(note);
  });
});
