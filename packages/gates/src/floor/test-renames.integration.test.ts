// Issue 36 §1: a test renamed or regrouped with its body kept is not a removed test.
import { describe, expect, it } from "vitest";
import { debug, makeRepo, runInProcess } from "../../test/fixture.js";

const BEFORE = [
  'import { describe, expect, it, test } from "vitest";',
  'import { add } from "./math.js";',
  "",
  'it("adds", () => {',
  "  expect(add(1, 2)).toBe(3);",
  "  expect(add(2, 2)).toBe(4);",
  "});",
  "",
  'test.each([[1, 1, 2]])("adds %s and %s", (a, b, sum) => {',
  "  expect(add(a, b)).toBe(sum);",
  "});",
  "",
].join("\n");

async function floorOn(after: string) {
  const repo = makeRepo({ "src/add.test.ts": BEFORE });
  repo.write("src/add.test.ts", after);
  return runInProcess(repo.dir, { only: ["floor"] });
}

describe("renames that keep the test", () => {
  it("an it that became a describe of two its, and a test.each name as a template literal: green", async () => {
    const after = [
      'import { describe, expect, it, test } from "vitest";',
      'import { add } from "./math.js";',
      "",
      'describe("adds", () => {',
      '  it("small numbers", () => {',
      "    expect(add(1, 2)).toBe(3);",
      "  });",
      '  it("equal numbers", () => {',
      "    expect(add(2, 2)).toBe(4);",
      "  });",
      "});",
      "",
      "test.each([[1, 1, 2]])(`adds ${a} and ${b}`, (a, b, sum) => {",
      "  expect(add(a, b)).toBe(sum);",
      "});",
      "",
    ].join("\n");
    const result = await floorOn(after);
    expect(result.code, debug(result)).toBe(0);
  });

  it("tests wrapped in a new describe: green", async () => {
    const body = BEFORE.split("\n")
      .slice(3)
      .map((l) => (l ? `  ${l}` : l))
      .join("\n");
    const result = await floorOn(
      `${BEFORE.split("\n").slice(0, 3).join("\n")}\ndescribe("math", () => {\n${body}});\n`,
    );
    expect(result.code, debug(result)).toBe(0);
  });

  it("a describe of the same name that lost an assertion is still a removal: red", async () => {
    const after = BEFORE.replace(
      /it\("adds"[\s\S]*?\n\}\);\n/,
      'describe("adds", () => {\n  it("small numbers", () => {\n    expect(add(1, 2)).toBe(3);\n  });\n});\n',
    );
    const result = await floorOn(after);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: "src/add.test.ts",
      rule: "removed-tests",
    });
  });

  it("a renamed test with a changed body is a removal: red", async () => {
    const result = await floorOn(
      BEFORE.replace('it("adds"', 'it("sums"').replace("toBe(4)", "toBeDefined()"),
    );
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => f.rule)).toContain("removed-tests");
  });
});
