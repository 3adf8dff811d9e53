import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, moduleSpecifiers } from "./import-graph.js";

const write = (dir: string, path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};

const repo = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "gates-graph-"));
  for (const [path, text] of Object.entries(files)) write(dir, path, text);
  return dir;
};

describe("moduleSpecifiers reads code, not comments or string contents (issue 46)", () => {
  it.each([
    [
      "a JSDoc example",
      '/**\n * @example\n * import { c } from "pkg/compiler";\n */\nexport const a = 1;\n',
    ],
    ["a line comment", '// import { c } from "pkg/compiler";\nexport const a = 1;\n'],
    ["a line comment naming require()", '// const c = require("pkg/compiler");\n'],
    ["a string", "const s = \"import { c } from 'pkg/compiler'\";\n"],
    ["a template literal", "const s = `\nimport { c } from 'pkg/compiler';\n`;\n"],
    ["a regular expression", "const r = /import x from 'pkg\\/compiler'/;\n"],
    ["a comment naming a dynamic import", "// await import(name)\n"],
  ])("%s names no module", (_, text) =>
    expect(moduleSpecifiers(text)).toEqual({ specifiers: [], dynamic: false }),
  );

  it.each([
    ["after a comment that holds a quote", "// it's here\nimport { a } from './a';\n", "./a"],
    [
      "after a string that holds a comment opener",
      'const u = "http://x/*";\nimport "./b";\n',
      "./b",
    ],
    ["after a division", "const h = w / 2;\nconst c = require('./c') / 2;\n", "./c"],
    ["inside a template expression", "const t = `${require('./d')}`;\n", "./d"],
    ["after a regular expression with a quote", "const r = /'/g;\nexport * from './e';\n", "./e"],
  ])("a specifier %s is read", (_, text, spec) =>
    expect(moduleSpecifiers(text)).toEqual({ specifiers: [spec], dynamic: false }),
  );
});

describe("moduleSpecifiers reads a long file in one pass (the corpus: zod's v3/types.ts hung)", () => {
  it("an export with many lines and no 'from' before the next quote names nothing", () => {
    // The old pattern allowed a newline two ways, so a failed match tried 2^lines paths: this
    // 30-line class never returned (zod's 5,000-line types.ts hung the import graph).
    const text = `export class A {\n${"  x = 1\n".repeat(30)}}\nconst s = 'a';\nimport { b } from "./b";\n`;
    expect(moduleSpecifiers(text)).toEqual({ specifiers: ["./b"], dynamic: false });
  });
});

describe("importGraph resolves what node would (issue 46)", () => {
  it("a directory import is its index, and a re-export is an edge", async () => {
    const dir = repo({
      "src/index.ts": 'export * from "./utils";\nexport { p } from "./parse";\n',
      "src/utils.ts": "export const u = 1;\n",
      "src/parse.ts": "export const p = 1;\n",
      "test/a.test.ts": 'import { u } from "../src";\n',
      "test/b.test.ts": 'import { p } from "../src/";\n',
    });
    const graph = await importGraph(dir);
    expect([...(graph.imports.get("test/a.test.ts") ?? [])]).toEqual(["src/index.ts"]);
    expect([...(graph.imports.get("test/b.test.ts") ?? [])]).toEqual(["src/index.ts"]);
    expect([...(graph.imports.get("src/index.ts") ?? [])].sort()).toEqual([
      "src/parse.ts",
      "src/utils.ts",
    ]);
  });

  it.each([
    [
      "an exports map to a file in the repository",
      { ".": "./src/index.ts", "./compiler": "./src/compiler.ts" },
    ],
    [
      "an exports map to the build output of the same path",
      { ".": "./dist/index.mjs", "./compiler": "./dist/compiler.mjs" },
    ],
    [
      "conditional exports",
      { "./compiler": { types: "./dist/compiler.d.mts", import: "./dist/compiler.mjs" } },
    ],
  ])("a package importing itself by name resolves through %s", async (_, exports) => {
    const dir = repo({
      "package.json": JSON.stringify({ name: "rou3", exports }),
      "src/compiler.ts": "export const c = 1;\n",
      "src/index.ts": "export const i = 1;\n",
      "test/c.test.ts": 'import { c } from "rou3/compiler";\n',
    });
    const graph = await importGraph(dir);
    expect(graph.opaque.size).toBe(0);
    expect([...(graph.imports.get("test/c.test.ts") ?? [])]).toEqual(["src/compiler.ts"]);
  });

  it("a self-import no file of the repository answers stays opaque", async () => {
    const dir = repo({
      "package.json": JSON.stringify({ name: "rou3", exports: { ".": "./dist/index.mjs" } }),
      "src/index.ts": "export const i = 1;\n",
      "test/c.test.ts": 'import { c } from "rou3/compiler";\n',
    });
    const graph = await importGraph(dir);
    expect(graph.opaque.get("test/c.test.ts")).toBe(
      "test/c.test.ts imports 'rou3/compiler', which resolves nowhere",
    );
  });
});
