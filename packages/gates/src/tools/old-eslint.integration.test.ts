import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, runCli, type CliResult } from "../../test/fixture.js";
import { fakeTool, makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 36 §2: ESLint 8 (8.57.1, installed as the eslint8 alias) in `.eslintrc` mode rejects
// `--no-warn-ignored` ("Invalid option"), which gates passed whatever the config mode: every
// lint of such a repository was a setup error. Gates passes it only in flat config mode.

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);
const errorLines = (result: CliResult) =>
  result.stdout.split("\n").filter((line) => line.startsWith("error in "));

const ESLINTRC = `${JSON.stringify({
  root: true,
  parserOptions: { ecmaVersion: 2022, sourceType: "module" },
  rules: { "no-debugger": "error" },
})}\n`;
const FLAT =
  'export default [{ ignores: ["src/gen/**"] }, { rules: { "no-debugger": "error" } }];\n';
const OLD_DEBT = "export function old() {\n  debugger;\n  return 1;\n}\n";

describe("ESLint 8 in .eslintrc mode (.eslintrc.json, no flat config)", () => {
  const files = {
    "package.json": packageJson({ scripts: { lint: "eslint --max-warnings 0 src" } }),
    ".eslintrc.json": ESLINTRC,
    ".eslintignore": "src/gen/\n",
    "src/old.js": OLD_DEBT,
  };

  it("a clean change and a changed file it ignores pass; a seeded error is found at its line, old debt is not", async () => {
    const repo = makeToolRepo(files, { eslint8: true });
    repo.write("src/clean.js", "export const a = 1;\n");
    repo.write("src/gen/out.js", "debugger;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write("src/clean.js", "export const a = 1;\ndebugger;\n");
    const red = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["src/clean.js:2 no-debugger"]);
  });

  it("ESLINT_USE_FLAT_CONFIG=false puts it in .eslintrc mode beside an eslint.config.js: still no setup error", () => {
    const repo = makeToolRepo({ ...files, "eslint.config.js": FLAT }, { eslint8: true });
    repo.write("src/clean.js", "export const a = 1;\ndebugger;\n");
    const red = runCli(repo.dir, ["--only", "lint"], { ESLINT_USE_FLAT_CONFIG: "false" });
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["src/clean.js:2 no-debugger"]);
  });
});

describe("ESLint 8 in flat mode", () => {
  it("found by eslint.config.mjs (8.57 looks for it): a changed file it ignores passes, an error is found", async () => {
    const repo = makeToolRepo(
      {
        "package.json": packageJson({ scripts: { lint: "eslint --max-warnings 0 src" } }),
        "eslint.config.mjs": FLAT,
        "src/old.js": OLD_DEBT,
      },
      { eslint8: true },
    );
    repo.write("src/gen/out.js", "debugger;\n");
    repo.write("src/clean.js", "export const a = 1;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write("src/clean.js", "export const a = 1;\ndebugger;\n");
    const red = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["src/clean.js:2 no-debugger"]);
  });

  it("turned on by ESLINT_USE_FLAT_CONFIG=true with a flat config gates does not look for", () => {
    const repo = makeToolRepo(
      {
        "package.json": packageJson({
          scripts: { lint: "eslint -c lint/flat.config.js --max-warnings 0 src" },
        }),
        "lint/flat.config.js": FLAT,
        "src/old.js": OLD_DEBT,
      },
      { eslint8: true },
    );
    repo.write("src/gen/out.js", "debugger;\n");
    repo.write("src/clean.js", "export const a = 1;\ndebugger;\n");
    const red = runCli(repo.dir, ["--only", "lint"], { ESLINT_USE_FLAT_CONFIG: "true" });
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["src/clean.js:2 no-debugger"]);
  });
});

describe("an ESLint older than 8", () => {
  it("is exit 2 in one line naming eslint and its version, and is never run", async () => {
    const repo = makeToolRepo(
      {
        "package.json": packageJson({ scripts: { lint: "eslint src" } }),
        ".eslintrc.json": ESLINTRC,
      },
      { links: { eslint: fakeTool("eslint", "7.32.0") } },
    );
    repo.write("src/clean.js", "export const a = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(2);
    expect(errorLines(result)).toEqual([
      "error in lint: lint: eslint 7.32.0 is older than gates supports (eslint 8.0 or newer)",
    ]);
  });
});
