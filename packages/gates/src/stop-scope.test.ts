import { describe, expect, it } from "vitest";
import type { FileChange } from "./diff/change.js";
import { noCodeReason } from "./diff/code-free.js";

// The tests stage's choice for stop-scope.integration.test.ts's changes that hold code: the
// stage runs the suite exactly when noCodeReason is undefined (stages/tests.ts); that a run
// then happens, and the skip when it is not, are the integration file's real runs.
const added = (path: string): FileChange => ({
  path,
  status: "added",
  oldPath: undefined,
  added: new Map(),
  deleted: 0,
  hunks: [],
  contentHash: "",
});

describe("a change with no code runs no test suite: which changes hold code", () => {
  it("a markdown fixture under a tests folder is the oracle's: the suite runs", () => {
    expect(noCodeReason({ files: [added("src/__fixtures__/input.md")] })).toBeUndefined();
  });

  it("docs beside a source change: the suite runs", () => {
    const files = [added("README.md"), { ...added("src/math.ts"), status: "modified" as const }];
    expect(noCodeReason({ files })).toBeUndefined();
    // The docs alone would not run it.
    expect(noCodeReason({ files: [added("README.md")] })).toBe("no code changed (only README.md)");
  });
});
