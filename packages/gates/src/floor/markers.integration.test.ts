// Issue 34 §2 / 36 §1: every supported tool's suppression and every runner's skip form is a new
// finding at its line; one that a formatter only re-indented, or that moved, is not new.
import { describe, expect, it } from "vitest";
import { debug, locations, makeRepo, runInProcess, type CliResult } from "../../test/fixture.js";

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

/**
 * Cases that each judge their own files share one repository and one floor run: the floor judges
 * a file's markers on that file alone (fileFindings), so each case asserts the findings at its
 * own files, and "every finding is a case's own" below holds the rest of the run to nothing.
 */
function sharedFloor() {
  const base: Record<string, string> = {};
  const files: Record<string, string> = {};
  const expected: string[] = [];
  let run: Promise<CliResult> | undefined;
  return {
    /** A case's file as the change leaves it, and the findings it must get (`path:line`). */
    add(path: string, text: string, findings: string[] = []) {
      files[path] = text;
      expected.push(...findings);
      return path;
    },
    /** A file as the base commit holds it. */
    base(path: string, text: string) {
      base[path] = text;
    },
    expected: () => [...expected].sort(),
    result: () =>
      (run ??= (async () => {
        const repo = makeRepo(base);
        for (const [path, text] of Object.entries(files)) repo.write(path, text);
        return runInProcess(repo.dir, { only: ["floor"] });
      })()),
  };
}

/** The findings of a shared run at the given files, in the report's order. */
const at = (result: CliResult, ...paths: string[]) =>
  locations(result).filter((l) => paths.some((p) => l.startsWith(`${p}:`)));

const newFiles = sharedFloor();
const editedFiles = sharedFloor();

describe("new skip forms in a test file → a finding at the line", () => {
  it.each(
    skipForms.map(([name, marker], i) => {
      const path = `src/b${i}.test.ts`;
      return [name, newFiles.add(path, fileWith(marker), [`${path}:3`])];
    }),
  )("%s", async (_name, path) => {
    const result = await newFiles.result();
    expect(result.code, debug(result)).toBe(1);
    expect(at(result, path)).toEqual([`${path}:3`]);
  });

  const notSkips = newFiles.add(
    "src/b.test.ts",
    `it("x", { ${SK}: false }, () => {});\nit.each([1])("%s", () => {});\nit.concurrent("y", () => {});\n`,
  );
  it("an option set to false, and each/concurrent, are not skips", async () => {
    const result = await newFiles.result();
    expect(at(result, notSkips), debug(result)).toEqual([]);
  });
});

describe("new suppressions → a finding at the line", () => {
  it.each(
    suppressions.map(([name, marker], i) => {
      const path = `src/a${i}.ts`;
      return [name, newFiles.add(path, fileWith(marker), [`${path}:3`])];
    }),
  )("%s", async (_name, path) => {
    const result = await newFiles.result();
    expect(result.code, debug(result)).toBe(1);
    expect(at(result, path)).toEqual([`${path}:3`]);
  });

  const stricter = newFiles.add("src/a.ts", fileWith(`/* eslint no-debugger: "error" */`));
  it("an inline config that turns a rule on is stricter: green", async () => {
    const result = await newFiles.result();
    expect(at(result, stricter), debug(result)).toEqual([]);
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

  editedFiles.base("src/legacy.ts", legacy);
  const copied = editedFiles.add(
    "src/legacy.ts",
    `${legacy}// ${ts}\nexport const c: number = '1';\n`,
    ["src/legacy.ts:5"],
  );
  it("a second copy of the same suppression is new: red at it", async () => {
    const result = await editedFiles.result();
    expect(result.code, debug(result)).toBe(1);
    expect(at(result, copied)).toEqual(["src/legacy.ts:5"]);
  });

  editedFiles.base(
    "src/old.test.ts",
    `import { it } from "vitest";\nit.${SK}("later", () => {\n  expect(1).toBe(1);\n});\n`,
  );
  const wrapped = editedFiles.add(
    "src/old.test.ts",
    `import { describe, it } from "vitest";\ndescribe("group", () => {\n  it.${SK}("later", () => {\n    expect(1).toBe(1);\n  });\n});\n`,
  );
  it("a skipped test already there, wrapped in a describe and re-indented: green", async () => {
    const result = await editedFiles.result();
    expect(at(result, wrapped), debug(result)).toEqual([]);
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
  /** `before` in a file of its own, edited; the findings it must get at `lines`. */
  const edited = (path: string, edit: (text: string) => string, lines: number[] = []) => {
    editedFiles.base(path, before);
    return editedFiles.add(
      path,
      edit(before),
      lines.map((line) => `${path}:${line}`),
    );
  };

  const reworded = edited("src/reworded.ts", (t) =>
    t
      .replace("no-bitwise */", "no-bitwise -- We need the speed */")
      .replace("no-console", "no-console -- the CLI prints")
      .replace("noVar: legacy", "noVar: kept for old browsers"),
  );
  it("a reason added or reworded, the same rules: green", async () => {
    const result = await editedFiles.result();
    expect(at(result, reworded), debug(result)).toEqual([]);
  });

  const widened = edited(
    "src/widened.ts",
    (t) =>
      t
        .replace("no-bitwise */", "no-bitwise, no-console */")
        .replace("-next-line no-console", " -- all of it")
        .replace("noVar: legacy", "noVar lint/suspicious: legacy"),
    [1, 3, 5],
  );
  it("a rule added, a bare disable in place of a scoped one, a line's disable made file-wide: red at each", async () => {
    const result = await editedFiles.result();
    expect(result.code, debug(result)).toBe(1);
    expect(at(result, widened)).toEqual([`${widened}:1`, `${widened}:3`, `${widened}:5`]);
  });

  const fileWide = edited(
    "src/file-wide.ts",
    (t) => t.replace("-next-line no-console", " no-console"),
    [3],
  );
  it("a line's disable made file-wide with its rule kept: red", async () => {
    const result = await editedFiles.result();
    expect(result.code, debug(result)).toBe(1);
    expect(at(result, fileWide)).toEqual([`${fileWide}:3`]);
  });
});

describe("the expected-error directive in a type test is its assertion, not a suppression (issue 46, fastify-plugin 68ddddbf)", () => {
  const expectError = `// @ts-expect-${"error"}`;
  const typeTest = (directive: string) =>
    ['import { add } from "../src/math.js";', "", directive, 'add("1", 2);', ""].join("\n");

  it.each(
    ["types/math.tst.ts", "index.test-d.ts", "src/math.test-d.ts"].map((path) =>
      newFiles.add(path, typeTest(expectError)),
    ),
  )("a new %s asserting that a call does not compile: green", async (path) => {
    const result = await newFiles.result();
    expect(at(result, path), debug(result)).toEqual([]);
  });

  // The real-repo corpus: remark's test.js and mobx's __tests__ pass wrong types on purpose.
  it.each(
    ["src/parse.test.ts", "test.js", "packages/p/test/parse.ts", "__tests__/base/types.ts"].map(
      (path) => newFiles.add(path, typeTest(expectError)),
    ),
  )(
    "a new %s asserting that a call does not compile, to test its rejection at run time: green",
    async (path) => {
      const result = await newFiles.result();
      expect(at(result, path), debug(result)).toEqual([]);
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

describe("the shared runs hold nothing but their cases", () => {
  it.each([
    ["new files", newFiles],
    ["edited files", editedFiles],
  ] as const)("%s: every finding is one of its cases' own", async (_name, shared) => {
    const result = await shared.result();
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result).sort()).toEqual(shared.expected());
  });
});
