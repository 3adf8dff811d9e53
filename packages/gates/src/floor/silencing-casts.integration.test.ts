// Issue 48 §5: a cast that silences the type checker on a changed line is a floor finding, as a
// `@ts-expect-error` is; one that was already there is not the change's.
import { describe, expect, it } from "vitest";
import { debug, locations, makeRepo, runInProcess } from "../../test/fixture.js";

const casts: Array<[string, string]> = [
  ["as unknown as T", "export const total = (x ?? null) as unknown as number;"],
  ["as any as T", "export const total = (x ?? null) as any as number;"],
  ["<T><unknown>", "export const total = <number>(<unknown>(x ?? null));"],
  ["as never", "export const total = add(x ?? null as never, 1);"],
];

const fileWith = (line: string) =>
  [
    "const x: string | undefined = undefined;",
    "const add = (a: number, b: number): number => a + b;",
    line,
    "",
  ].join("\n");

describe("casts that silence the type checker → a finding at the line", () => {
  it.each(casts)("%s", async (_name, line) => {
    const repo = makeRepo();
    repo.write("src/total.ts", fileWith(line));
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/total.ts:3"]);
    expect(result.report?.findings[0]).toMatchObject({ rule: "suppression" });
  });

  it("one the file already had, kept on a changed line, and a plain cast are not the change's", async () => {
    const repo = makeRepo({
      "src/total.ts": fileWith("export const total = f(x as unknown as number, 1);"),
    });
    repo.write(
      "src/total.ts",
      [
        fileWith("export const total = f(x as unknown as number, 2);").trimEnd(),
        "export const size = (x ?? '') as string;",
        "export const y = JSON.parse('1') as unknown;",
        "",
      ].join("\n"),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });
});

// The real-repo corpus (issue 46): two honest commits were red under the first form of the rule.
describe("maintainers' deliberate casts of the corpus → no finding", () => {
  it("a test file's `as never` feeding a wrong type on purpose (zod f101d8ca)", async () => {
    const repo = makeRepo({ "src/parse.ts": "export const parse = (v: string) => v;\n" });
    repo.write(
      "src/parse.test.ts",
      [
        'import { expect, test } from "vitest";',
        'import { parse } from "./parse.js";',
        'test("rejects a number", () => expect(() => parse(1 as never)).not.toThrow());',
        "",
      ].join("\n"),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.report?.findings ?? [], debug(result)).toEqual([]);
  });

  it("a function given a constructor's type (ufo 4d024df0's null-prototype object)", async () => {
    const repo = makeRepo({ "src/query.ts": "export const parse = () => ({});\n" });
    repo.write(
      "src/query.ts",
      [
        "const EmptyObject = /* @__PURE__ */ (() => {",
        "  const C = function () {};",
        "  C.prototype = Object.create(null);",
        "  return C;",
        "})() as unknown as { new (): any };",
        "export const parse = () => new EmptyObject();",
        "const Other = (function () {} as unknown) as new () => object;",
        "export const other = () => new Other();",
        "",
      ].join("\n"),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.report?.findings ?? [], debug(result)).toEqual([]);
  });

  it("a source file's `as never`, and a cast to a constructor type with a value type inside, still are", async () => {
    const repo = makeRepo({ "src/total.ts": fileWith("export const total = 1;") });
    repo.write(
      "src/total.ts",
      [
        fileWith("export const total = add(x as never, 1);").trimEnd(),
        "export const n = (x as unknown as { new (): number; value: number }).value;",
        "",
      ].join("\n"),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(locations(result), debug(result)).toEqual(["src/total.ts:3", "src/total.ts:4"]);
  });
});
