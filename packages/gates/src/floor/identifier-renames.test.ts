import { describe, expect, it } from "vitest";
import { judgedFile } from "../../test/judged-file.js";
import { weakenedAssertions } from "./weakened-assertions.js";

// Two functions of one module renamed at once: each assertion pairs with the rename its own
// call went through, never with the other function's; when the module's lines could say either,
// neither counts (the end-to-end cases: identifier-renames.integration.test.ts).
const MATH = [
  "export function add(a: number, b: number): number {",
  "  return a + b;",
  "}",
  "export function sub(x: number, y: number): number {",
  "  return x - y;",
  "}",
  "",
].join("\n");
const TEST = [
  'import { expect, it } from "vitest";',
  'import { add, sub } from "./math.js";',
  "",
  'it("adds and subtracts", () => {',
  "  expect(add(1, 2)).toBe(3);",
  "  expect(sub(3, 2)).toBe(1);",
  "});",
  "",
].join("\n");
const renamed = (text: string, to: { add: string; sub: string }) =>
  text.replace(/\badd\b/g, to.add).replace(/\bsub\b/g, to.sub);

const findings = async (test: string) => {
  const math = judgedFile("src/math.ts", MATH, renamed(MATH, { add: "sum", sub: "minus" }));
  const file = judgedFile("src/math.test.ts", TEST, test);
  return (await weakenedAssertions(file, [], [math, file])).map((f) => `${f.line} ${f.message}`);
};

describe("two functions of one module renamed", () => {
  it("each call renamed as its function was: no finding", async () => {
    expect(await findings(renamed(TEST, { add: "sum", sub: "minus" }))).toEqual([]);
  });

  it("the calls swapped (add's assertion now calls the old sub): both findings", async () => {
    expect(await findings(renamed(TEST, { add: "minus", sub: "sum" }))).toEqual([
      // The old assertions as the module's renames write them.
      expect.stringMatching(/assertion removed: expect\(sum\(1,2\)\)\.toBe\(3\)/),
      expect.stringMatching(/assertion removed: expect\(minus\(3,2\)\)\.toBe\(1\)/),
    ]);
  });

  it("two functions whose lines read alike once renamed: neither pairs", async () => {
    const alike = MATH.replace("(x: number, y: number)", "(a: number, b: number)").replace(
      "x - y",
      "a - b",
    );
    const math = judgedFile("src/math.ts", alike, renamed(alike, { add: "sum", sub: "minus" }));
    const test = renamed(TEST, { add: "sum", sub: "minus" });
    const file = judgedFile("src/math.test.ts", TEST, test);
    expect(await weakenedAssertions(file, [], [math, file])).toHaveLength(2);
  });

  it("no other file of the change renamed it: a finding", async () => {
    const file = judgedFile("src/math.test.ts", TEST, renamed(TEST, { add: "sum", sub: "minus" }));
    expect(await weakenedAssertions(file, [], [file])).toHaveLength(2);
  });
});
