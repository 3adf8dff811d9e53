import { describe, expect, it } from "vitest";
import {
  checkCitation,
  extractCitations,
  isFabricated,
  type ReadLines,
} from "./deliverable-citations.js";
import { citationsItem } from "./deliverable-rubric.js";

// Issue 33 §3: every form that points at a file and a line is read and checked — `path:40`,
// GitHub's `path#L40` and `#L40-L52`, and markdown links to them — so a fabricated one fails.

const CART = Array.from({ length: 60 }, (_, i) =>
  i === 39 ? "export function cartTotal(items) {" : i === 51 ? "  return sum;" : `// ${i + 1}`,
);
const CODE: Record<string, string[]> = { "src/cart.ts": CART };
const read: ReadLines = (file) => CODE[file] ?? `${file} does not exist`;

const check = (text: string, doc?: string) =>
  extractCitations(text, doc).map((c) => checkCitation(c, read));

describe("citation forms", () => {
  it.each<[string, string, number, number]>([
    ["path:line", "`src/cart.ts:40` `cartTotal`", 40, 40],
    ["path:from-to", "`src/cart.ts:40-52` `return sum`", 40, 52],
    ["GitHub #L", "`src/cart.ts#L40` `cartTotal`", 40, 40],
    ["GitHub #L-L", "src/cart.ts#L40-L52 `return sum`", 40, 52],
    ["GitHub #L-", "src/cart.ts#L40-52 `return sum`", 40, 52],
    ["a column", "src/cart.ts#L40C8 `cartTotal`", 40, 40],
    ["a markdown link", "[`cartTotal`](src/cart.ts#L40) adds it up", 40, 40],
    ["a markdown link to a range", "[the total](./src/cart.ts#L40-L52) `return sum`", 40, 52],
    ["a link with a title", '[`cartTotal`](src/cart.ts#L40 "the total")', 40, 40],
  ])("%s is read, and holds when the line holds what it names", (_label, line, from, to) => {
    const all = extractCitations(line);
    expect(all).toMatchObject([{ file: "src/cart.ts", from, to }]);
    expect(check(line)).toMatchObject([{ ok: true, reason: null }]);
  });

  it.each<[string, string, string]>([
    ["a missing file (#L)", "`src/nope.ts#L4` `cartTotal`", "src/nope.ts does not exist"],
    [
      "a line past the end (#L-L)",
      "src/cart.ts#L40-L90 `cartTotal`",
      "src/cart.ts has 60 lines, not 90",
    ],
    [
      "the text is on another line (link)",
      "[`cartTotal`](src/cart.ts#L41) adds it up",
      'line 41 of src/cart.ts does not contain "cartTotal"',
    ],
    [
      "a quoted text not on the line (link)",
      '[here](src/cart.ts#L52) it says "return total"',
      'line 52 of src/cart.ts does not contain "return total"',
    ],
    ["line 0", "`src/cart.ts#L0` `cartTotal`", "src/cart.ts has no line 0: lines start at 1"],
  ])("a fabricated one is caught: %s", (_label, line, reason) => {
    const [result] = check(line);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result && isFabricated(result)).toBe(true);
  });

  it("a link's text and its target naming the same line are one citation", () => {
    const line = "[src/cart.ts:40](src/cart.ts#L40) `cartTotal`";
    expect(extractCitations(line)).toHaveLength(1);
    expect(citationsItem(line, read).total).toBe(1);
  });

  it("a link is relative to the document's folder; a plain path to the repository's top", () => {
    const link = "[`cartTotal`](../src/cart.ts#L40) adds it up";
    expect(extractCitations(link, "docs/audit.md")).toMatchObject([
      { file: "src/cart.ts", from: 40 },
    ]);
    expect(check(link, "docs/audit.md")).toMatchObject([{ ok: true }]);
    expect(extractCitations("`src/cart.ts:40` `cartTotal`", "docs/audit.md")).toMatchObject([
      { file: "src/cart.ts", from: 40 },
    ]);
    expect(extractCitations("[`cartTotal`](/src/cart.ts#L40)", "docs/a.md")).toMatchObject([
      { file: "src/cart.ts", from: 40 },
    ]);
    // A link that climbs out of the repository stays outside it.
    expect(extractCitations("[`x`](../../etc/passwd.txt#L1)", "docs/a.md")).toMatchObject([
      { file: "../etc/passwd.txt" },
    ]);
  });

  it("not citations: web links, in-page anchors, fenced code, a file without a line", () => {
    const text = [
      "[docs](https://github.com/o/r/blob/main/src/cart.ts#L40) `cartTotal`",
      "[up](#L40) and [intro](#introduction) and [file](src/cart.ts)",
      "```",
      "src/cart.ts#L99 `x`",
      "```",
    ].join("\n");
    expect(extractCitations(text)).toEqual([]);
  });

  it("a citation with nothing to check is unverifiable, not fabricated", () => {
    const [result] = check("see src/cart.ts#L40 for details");
    expect(result).toMatchObject({ ok: false });
    expect(result && isFabricated(result)).toBe(false);
  });
});
