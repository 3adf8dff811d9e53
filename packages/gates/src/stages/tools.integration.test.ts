import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

describe("typecheck, lint and format hold the line against the merge base", () => {
  it("an unused import caused by the change counts; old lint debt in the same file does not", async () => {
    const legacy = [
      "export function old(): number {",
      "  const unused = 1;",
      "  return 2;",
      "}",
      "",
    ].join("\n");
    const repo = makeRepo({ "src/legacy.ts": legacy });
    repo.write(
      "src/legacy.ts",
      ['import { add } from "./math.js";', "", legacy.replace("return 2;", "return 3;")].join("\n"),
    );
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toHaveLength(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: "src/legacy.ts",
      line: 1,
      rule: "@typescript-eslint/no-unused-vars",
    });
    expect(result.report?.findings[0]?.message).toContain("'add' is defined but never used");
    expect(result.stdout).toContain("src/legacy.ts:1 [lint/@typescript-eslint/no-unused-vars]");
  });

  it("a type error introduced by the change → exit 1 (tsc's own exit 2 is mapped), old type debt ignored", async () => {
    const debt = 'export const broken: number = "old";\n';
    const repo = makeRepo({ "src/debt.ts": debt });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const bad: string = add(1, 2);\n");
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({
        file: "src/math.ts",
        line: 4,
        rule: "TS2322",
        message: "Type 'number' is not assignable to type 'string'.",
      }),
    ]);
  });

  it("old type errors in an installed package's declarations are old debt when the change only adds a file (immer)", async () => {
    // The base's worktree links the working tree's node_modules: tsc there names a dependency's
    // .d.ts by its real path, outside the worktree. It is the same file, and the same old error.
    const tsconfig = JSON.parse(makeRepo().read("tsconfig.json")) as {
      compilerOptions: Record<string, unknown>;
      include: string[];
    };
    tsconfig.compilerOptions.skipLibCheck = false;
    // Not the test files: vitest's own declarations would be checked too (slow, and not the point).
    tsconfig.include = ["src/uses-dep.ts", "src/added.ts"];
    const repo = makeRepo({
      "tsconfig.json": JSON.stringify(tsconfig, null, 2),
      "src/uses-dep.ts": 'import { made } from "olddep";\nexport const value = made();\n',
    });
    repo.write(
      "node_modules/olddep/package.json",
      '{ "name": "olddep", "type": "module", "types": "index.d.ts" }\n',
    );
    repo.write("node_modules/olddep/index.d.ts", "export declare function made(): Missing;\n");
    repo.write("src/added.ts", "export const added = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.report?.findings, debug(result)).toEqual([]);
    expect(result.code, debug(result)).toBe(0);
    // A new error in the same declarations still counts.
    repo.write("src/added.ts", "export const added: string = 1;\n");
    const broken = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(broken.report?.findings).toEqual([
      expect.objectContaining({ file: "src/added.ts", rule: "TS2322" }),
    ]);
  });

  it("an unformatted new file → exit 1; a formatted one passes", async () => {
    const repo = makeRepo();
    repo.write("src/ugly.ts", "export const a = {b:1,\n  c:2}\n");
    const result = await runCliInProcess(repo.dir, ["--only", "format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: "src/ugly.ts",
      line: 1,
      rule: "prettier",
    });
    repo.write("src/ugly.ts", "export const a = { b: 1, c: 2 };\n");
    expect((await runCliInProcess(repo.dir, ["--only", "format"])).code).toBe(0);
  });

  it("an eslint config that crashes is a setup error (eslint's exit 2), not a lint failure", () => {
    const repo = makeRepo();
    repo.write(
      "eslint.config.js",
      'import nope from "not-installed-anywhere";\nexport default [nope];\n',
    );
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const a = 1;\n");
    const result = runCli(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("error in lint: lint: 'eslint' could not lint");
  });
});
