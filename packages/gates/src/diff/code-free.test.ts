import { describe, expect, it } from "vitest";
import type { FileChange } from "./change.js";
import { noCodeReason } from "./code-free.js";

const file = (path: string, oldPath?: string): FileChange => ({
  path,
  status: oldPath ? "renamed" : "modified",
  oldPath,
  added: new Map(),
  deleted: 0,
  hunks: [],
  contentHash: "",
});

describe("noCodeReason", () => {
  it("prose only: names the files", () => {
    expect(noCodeReason({ files: [file("README.md"), file("docs/a.rst")] })).toBe(
      "no code changed (only README.md, docs/a.rst)",
    );
  });

  it.each([
    ["an empty change", []],
    ["a source file", [file("README.md"), file("src/a.ts")]],
    ["a renamed source file", [file("notes.md", "src/a.ts")]],
    ["a fixture under a tests folder", [file("test/fixtures/input.md")]],
    ["a snapshot", [file("src/__snapshots__/a.md")]],
  ])("%s holds code", (_name, files) => {
    expect(noCodeReason({ files })).toBeUndefined();
  });

  it("an MDX page no test reads is documentation (issue 46 §3); one a test reads holds code", () => {
    const files = [file("docs/page.mdx"), file("docs/intro.markdown")];
    expect(noCodeReason({ files })).toBe(
      "no code changed (only docs/page.mdx, docs/intro.markdown)",
    );
    const readers = new Map([["docs/page.mdx", "test/docs.test.ts"]]);
    expect(noCodeReason({ files }, new Set(), readers)).toBeUndefined();
  });

  it("a prose file the oracle holds is code", () => {
    expect(noCodeReason({ files: [file("golden.md")] }, new Set(["golden.md"]))).toBeUndefined();
  });
});
