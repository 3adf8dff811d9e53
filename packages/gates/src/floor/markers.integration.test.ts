// Issue 34 §2 / 36 §1: every supported tool's suppression and every runner's skip form is a new
// finding at its line; one that a formatter only re-indented, or that moved, is not new.
import { describe, expect, it } from "vitest";
import { debug, locations, makeRepo, runInProcess } from "../../test/fixture.js";

// Markers are assembled from pieces so that this file itself carries none of them.
const SK = "sk" + "ip";
const skipForms: Array<[string, string]> = [
  ["it.fails", `it.fa${"ils"}("x", () => {});`],
  ["skipIf", `it.${SK}If(true)("x", () => {});`],
  ["runIf", `it.run${"If"}(false)("x", () => {});`],
  ["{ skip: true }", `it("x", { ${SK}: true }, () => {});`],
  ["{ todo: true } (node:test)", `test("x", { to${"do"}: true }, () => {});`],
  ["ctx.skip()", `it("x", (ctx) => { ctx.${SK}(); });`],
  ["t.skip() (node:test)", `test("x", (t) => { t.${SK}(); });`],
  ["this.skip() (mocha)", `it("x", function () { this.${SK}(); });`],
  ["an alias", `const later = it.${SK};`],
  ["destructured", `const { ${SK} } = it;`],
  ["bracketed", `it["${SK}"]("x", () => {});`],
  ["describe.todo", `describe.to${"do"}("later");`],
  ["test.only", `test.on${"ly"}("x", () => {});`],
  ["Playwright test.fixme", `test.fix${"me"}("x", async () => {});`],
  ["Playwright test.fail", `test("x", () => { test.fa${"il"}(); });`],
];

const dis = "disable";
const suppressions: Array<[string, string]> = [
  ["oxlint next line", `// oxlint-${dis}-next-line no-debugger`],
  ["oxlint line", `debugger; // oxlint-${dis}-line`],
  ["oxlint block", `/* oxlint-${dis} */`],
  ["eslint inline rule config", `/* eslint no-debugger: "of${"f"}" */`],
  ["eslint inline rule config, numeric", `/* eslint no-console: ${0} */`],
  ["biome ignore all", `// biome-ign${"ore"}-all lint: reason`],
];

const fileWith = (marker: string) =>
  ["const first = 1;", "", marker, "const last = 2;", ""].join("\n");

describe("new skip forms in a test file → a finding at the line", () => {
  it.each(skipForms)("%s", async (_name, marker) => {
    const repo = makeRepo();
    repo.write("src/b.test.ts", fileWith(marker));
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/b.test.ts:3"]);
  });

  it("an option set to false, and each/concurrent, are not skips", async () => {
    const repo = makeRepo();
    repo.write(
      "src/b.test.ts",
      `it("x", { ${SK}: false }, () => {});\nit.each([1])("%s", () => {});\nit.concurrent("y", () => {});\n`,
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("new suppressions → a finding at the line", () => {
  it.each(suppressions)("%s", async (_name, marker) => {
    const repo = makeRepo();
    repo.write("src/a.ts", fileWith(marker));
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/a.ts:3"]);
  });

  it("an inline config that turns a rule on is stricter: green", async () => {
    const repo = makeRepo();
    repo.write("src/a.ts", fileWith(`/* eslint no-debugger: "error" */`));
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("an existing marker re-indented or moved is not new (36 §1)", () => {
  const ts = "@ts-" + "expect-error";
  const legacy = [
    `// ${ts}`,
    "export const a: number = '1';",
    `// eslint-${dis}-next-line no-console`,
    "console.log(a);",
    "",
  ].join("\n");

  it("a formatter re-indents a suppression into a block; another moves below: green", async () => {
    const repo = makeRepo({ "src/legacy.ts": legacy });
    repo.write(
      "src/legacy.ts",
      [
        "export function f(): void {",
        `  // eslint-${dis}-next-line   no-console`,
        "  console.log(a);",
        "}",
        "export const b = 2;",
        `// ${ts}`,
        "export const a: number = '1';",
        "",
      ].join("\n"),
    );
    repo.commit("reformatted");
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });

  it("a second copy of the same suppression is new: red at it", async () => {
    const repo = makeRepo({ "src/legacy.ts": legacy });
    repo.write("src/legacy.ts", `${legacy}// ${ts}\nexport const c: number = '1';\n`);
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/legacy.ts:5"]);
  });

  it("a skipped test already there, wrapped in a describe and re-indented: green", async () => {
    const before = `import { it } from "vitest";\nit.${SK}("later", () => {\n  expect(1).toBe(1);\n});\n`;
    const repo = makeRepo({ "src/old.test.ts": before });
    repo.write(
      "src/old.test.ts",
      `import { describe, it } from "vitest";\ndescribe("group", () => {\n  it.${SK}("later", () => {\n    expect(1).toBe(1);\n  });\n});\n`,
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("an existing suppression edited: new only when it silences more (issue 46, chalk 678e550545)", () => {
  const before = [
    `/* eslint-${dis} no-bitwise */`,
    "export const mask = (n: number) => n & 0xff;",
    `// eslint-${dis}-next-line no-console`,
    "console.log(mask(1));",
    `// biome-ign${"ore"} lint/style/noVar: legacy`,
    "",
  ].join("\n");
  const floorAfter = async (edit: (text: string) => string) => {
    const repo = makeRepo({ "src/legacy.ts": before });
    repo.write("src/legacy.ts", edit(before));
    return runInProcess(repo.dir, { only: ["floor"] });
  };

  it("a reason added or reworded, the same rules: green", async () => {
    const result = await floorAfter((t) =>
      t
        .replace("no-bitwise */", "no-bitwise -- We need the speed */")
        .replace("no-console", "no-console -- the CLI prints")
        .replace("noVar: legacy", "noVar: kept for old browsers"),
    );
    expect(result.code, debug(result)).toBe(0);
  });

  it("a rule added, a bare disable in place of a scoped one, a line's disable made file-wide: red at each", async () => {
    const result = await floorAfter((t) =>
      t
        .replace("no-bitwise */", "no-bitwise, no-console */")
        .replace("-next-line no-console", " -- all of it")
        .replace("noVar: legacy", "noVar lint/suspicious: legacy"),
    );
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/legacy.ts:1", "src/legacy.ts:3", "src/legacy.ts:5"]);
  });

  it("a line's disable made file-wide with its rule kept: red", async () => {
    const result = await floorAfter((t) => t.replace("-next-line no-console", " no-console"));
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/legacy.ts:3"]);
  });
});

describe("the expected-error directive in a type test is its assertion, not a suppression (issue 46, fastify-plugin 68ddddbf)", () => {
  const expectError = `// @ts-expect-${"error"}`;
  const typeTest = (directive: string) =>
    ['import { add } from "../src/math.js";', "", directive, 'add("1", 2);', ""].join("\n");

  it.each(["types/math.tst.ts", "index.test-d.ts", "src/math.test-d.ts"])(
    "a new %s asserting that a call does not compile: green",
    async (path) => {
      const repo = makeRepo();
      repo.write(path, typeTest(expectError));
      const result = await runInProcess(repo.dir, { only: ["floor"] });
      expect(result.code, debug(result)).toBe(0);
    },
  );

  // The real-repo corpus: remark's test.js and mobx's __tests__ pass wrong types on purpose.
  it.each(["src/parse.test.ts", "test.js", "packages/p/test/parse.ts", "__tests__/base/types.ts"])(
    "a new %s asserting that a call does not compile, to test its rejection at run time: green",
    async (path) => {
      const repo = makeRepo();
      repo.write(path, typeTest(expectError));
      const result = await runInProcess(repo.dir, { only: ["floor"] });
      expect(result.code, debug(result)).toBe(0);
    },
  );

  it("an ignore directive in a type test, and the expected-error one in a module: red at each", async () => {
    const repo = makeRepo();
    repo.write("types/math.tst.ts", typeTest(`// @ts-${"ignore"}`));
    repo.write("src/cast.ts", typeTest(expectError));
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result).sort()).toEqual(["src/cast.ts:3", "types/math.tst.ts:3"]);
  });
});
