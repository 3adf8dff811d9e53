import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { debug, git, runCli } from "../../test/fixture.js";
import { makeToolRepo } from "../../test/tool-fixture.js";

// Issue 46 §2, found on remarkjs/remark: its build is `tsc --build --clean && tsc --build`, its
// tsconfig emits declarations beside the JavaScript (checkJs, emitDeclarationOnly) and its
// hand-written index.d.ts imports ./lib/index.js. After one build, lib/index.d.ts sits beside
// lib/index.js and resolves as an input: a plain `tsc --build` fails with TS5055 ("would
// overwrite input file"). Gates answered every honest change with that setup error, and wrote
// its build info into the tree.
const TSCONFIG = `${JSON.stringify({
  compilerOptions: {
    checkJs: true,
    declaration: true,
    emitDeclarationOnly: true,
    module: "node16",
    target: "es2022",
    lib: ["es2022"],
    strict: true,
    types: [],
  },
  exclude: ["**/node_modules/"],
  include: ["**/*.js", "index.d.ts"],
})}\n`;
/** What gates writes itself, never the tree's own. */
const GITIGNORE = "node_modules\n.verify/gates.json\n.verify/summary.txt\n.verify/green\n";
const add = (body: string) =>
  [
    "/**",
    " * @param {number} a",
    " * @param {number} b",
    " * @returns {number}",
    " */",
    "export function add(a, b) {",
    `  ${body}`,
    "}",
    "",
  ].join("\n");

function remarkShaped() {
  const repo = makeToolRepo({
    ".gitignore": `${GITIGNORE}*.d.ts\n*.tsbuildinfo\n!/index.d.ts\n`,
    "package.json": `${JSON.stringify({ name: "shaped", type: "module", private: true })}\n`,
    ".verify/gates.yaml": "version: 1\ncommands:\n  typecheck: tsc --build\n",
    "tsconfig.json": TSCONFIG,
    "index.d.ts": "export {add} from './lib/index.js'\n",
    "index.js": "export {add} from './lib/index.js'\n",
    "lib/index.js": add("return a + b"),
  });
  // The developer built once: lib/index.d.ts and the build info now sit in the tree.
  execFileSync(process.execPath, [join(repo.dir, "node_modules/typescript/bin/tsc"), "--build"], {
    cwd: repo.dir,
  });
  return repo;
}

/**
 * The tree as git sees it, ignored files included (each with its mtime and size), but for
 * node_modules and the reports gates writes itself.
 */
function treeState(dir: string): string {
  return git(dir, "status", "--short", "--ignored", "--untracked-files=all")
    .split("\n")
    .filter((l) => !l.includes("node_modules") && !l.startsWith("!! .verify/"))
    .map((l) => {
      if (!l.startsWith("!! ")) return l;
      const stat = statSync(join(dir, l.slice(3)));
      return `${l} ${stat.mtimeMs} ${stat.size}`;
    })
    .join("\n");
}

describe("tsc --build of a repository whose declarations land beside its JavaScript", () => {
  it("an honest change is green, and the build writes nothing into the tree", () => {
    const repo = remarkShaped();
    repo.write("lib/index.js", add("return b + a"));
    const before = treeState(repo.dir);
    const result = runCli(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.stages.find((s) => s.stage === "typecheck")?.status).toBe("pass");
    expect(treeState(repo.dir)).toBe(before);
  });

  it("a type error in the change is red, at its line", () => {
    const repo = remarkShaped();
    repo.write("lib/index.js", add("return `${a}${b}`"));
    const result = runCli(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "lib/index.js:7 TS2322",
    ]);
  });
});

describe("zero config on project references", () => {
  // No tsconfig.json at the root; the changed file's project references another. Alone
  // (`tsc --noEmit -p b`) it cannot resolve what it imports from a's outputs, at the base as in
  // the change, so an error against a's types would hide: it is built, a first, in memory.
  const composite = (references: string[]) =>
    `${JSON.stringify({
      compilerOptions: {
        composite: true,
        rootDir: "src",
        outDir: "dist",
        module: "nodenext",
        target: "es2022",
        lib: ["es2022"],
        strict: true,
        types: [],
      },
      include: ["src"],
      references: references.map((path) => ({ path })),
    })}\n`;

  it("a type error against a referenced project is red, and no dist/ is written", () => {
    const repo = makeToolRepo({
      "package.json": `${JSON.stringify({ name: "refs", type: "module", private: true, devDependencies: { typescript: "^5.9.0" } })}\n`,
      "a/tsconfig.json": composite([]),
      "a/src/index.ts": "export const one = (n: number): number => n + 1;\n",
      "b/tsconfig.json": composite(["../a"]),
      "b/src/index.ts":
        'import { one } from "../../a/dist/index.js";\nexport const two: number = one(1);\n',
    });
    repo.write(
      "b/src/index.ts",
      'import { one } from "../../a/dist/index.js";\nexport const two: string = one(1);\n',
    );
    const before = treeState(repo.dir);
    const result = runCli(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "b/src/index.ts:2 TS2322",
    ]);
    expect(treeState(repo.dir)).toBe(before);
  });
});
