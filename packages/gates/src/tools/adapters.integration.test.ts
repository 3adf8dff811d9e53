import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, runCli, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../../test/tool-fixture.js";

// Issue 25 §3: each adapter with its real tool in a temp git repo: a clean change passes, a
// seeded error is found at its file and line, a crashing or missing tool is exit 2 in one
// line, an old problem on a line the change did not touch does not count.

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);
const errorLine = (result: CliResult) =>
  result.stdout.split("\n").filter((line) => line.startsWith("error in "));

const OLD_DEBT = "export function old(): number {\n  debugger;\n  return 1;\n}\n";

describe("oxlint (JSON format), from a package.json script", () => {
  const files = {
    "package.json": packageJson({ scripts: { lint: "oxlint src" } }),
    ".oxlintrc.json": '{ "rules": { "no-debugger": "error" } }\n',
    "src/old.ts": OLD_DEBT,
  };

  it("a seeded error counts at its line; the same old error on an untouched line does not; clean passes", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/clean.ts", "export const a = 1;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write(
      "src/old.ts",
      `${OLD_DEBT}\nexport function added(): number {\n  debugger;\n  return 2;\n}\n`,
    );
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/old.ts:7 eslint/no-debugger"]);
  });

  it("a crashing oxlint is exit 2 in one line with its stderr; a missing one says it is not installed", async () => {
    const crash = "#!/bin/sh\necho 'thread main panicked at parser' >&2\nexit 101\n";
    const repo = makeToolRepo(files, { bins: { oxlint: crash } });
    repo.write("src/clean.ts", "export const a = 1;\n");
    const crashed = runCli(repo.dir, ["--only", "lint"]);
    expect(crashed.code, debug(crashed)).toBe(2);
    expect(errorLine(crashed)).toEqual([
      "error in lint: lint: 'oxlint src' could not lint (exit 101): thread main panicked at parser",
    ]);
    const bare = makeToolRepo(files, { missing: ["oxlint"] });
    bare.write("src/clean.ts", "export const a = 1;\n");
    // The bin's exit 2 and its one line are the crash's run above; this one runs in process.
    const missing = await runCliInProcess(bare.dir, ["--only", "lint"]);
    expect(missing.code, debug(missing)).toBe(2);
    expect(errorLine(missing)).toEqual([
      "error in lint: lint: 'oxlint' is not installed (no node_modules/oxlint with a 'oxlint' bin)",
    ]);
  });
});

describe.each([
  ["ESLint 8", { eslint8: true }],
  ["ESLint 10", {}],
])("%s (flat config, JSON format)", (_name, options) => {
  const files = {
    "package.json": packageJson({ scripts: { lint: "eslint src" } }),
    "eslint.config.js":
      'export default [{ ignores: ["src/gen/**"] }, { rules: { "no-debugger": "error" } }];\n',
    "src/old.js": OLD_DEBT.replace("(): number", "()"),
  };

  it("a seeded error counts at its line, old debt does not, a changed file it ignores passes", async () => {
    const repo = makeToolRepo(files, options);
    repo.write("src/gen/out.js", "debugger;\n");
    repo.write("src/clean.js", "export const a = 1;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write("src/clean.js", "export const a = 1;\ndebugger;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/clean.js:2 no-debugger"]);
  });
});

const TYPED = {
  "tsconfig.json": TSCONFIG,
  "src/debt.ts": 'export const broken: number = "old";\n',
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
};

describe.each([
  ["tsgo (@typescript/native-preview)", "tsgo --noEmit", {}],
  ["tsc of TypeScript 7", "tsc --noEmit", { typescript7: true }],
])("%s", (_name, script, options) => {
  const files = { ...TYPED, "package.json": packageJson({ scripts: { typecheck: script } }) };

  it("a type error of the change counts at its line, old type debt does not, a clean change passes", async () => {
    const repo = makeToolRepo(files, options);
    repo.write(
      "src/more.ts",
      'import { add } from "./math.js";\nexport const three = add(1, 2);\n',
    );
    const clean = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write(
      "src/more.ts",
      'import { add } from "./math.js";\nexport const s: string = add(1, 2);\n',
    );
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/more.ts:2 TS2322"]);
  });

  it("a tsconfig the checker cannot read is exit 2 in one line, never clean", async () => {
    const repo = makeToolRepo(files, options);
    repo.write("tsconfig.json", '{ "extends": "./missing-base.json" }\n');
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(2);
    expect(errorLine(result)).toHaveLength(1);
    expect(errorLine(result)[0]).toMatch(
      /^error in typecheck: typecheck: '.+' failed \(exit \d\): TS\d+/,
    );
  });
});

describe("biome (lint, format, check with its JSON reporter)", () => {
  const files = {
    "package.json": packageJson({
      scripts: { lint: "biome lint src", "format:check": "biome format src" },
    }),
    "biome.json": '{ "formatter": { "indentStyle": "space" } }\n',
    "src/old.ts": OLD_DEBT,
  };

  it("lint: a seeded error at its line, old debt on untouched lines ignored; format: the changed line only", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/clean.ts", "export const a = 1;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "lint,format"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write(
      "src/old.ts",
      `${OLD_DEBT}export function added(): number {\n  debugger;\n  return 2;\n}\n`,
    );
    repo.write("src/clean.ts", "export const a = 1;\nexport const b = {c:1};\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint,format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/old.ts:6 suspicious/noDebugger", "src/clean.ts:2 biome"]);
  });

  it("a biome.json that does not parse is exit 2 in one line (biome prints no JSON)", async () => {
    const repo = makeToolRepo({ ...files, "biome.json": "{ bad\n" });
    repo.write("src/clean.ts", "export const a = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(2);
    expect(errorLine(result)).toHaveLength(1);
    expect(errorLine(result)[0]).toContain("lint: 'biome lint src' printed no JSON report");
  });
});

describe("biome on a documentation change", () => {
  // Issue 46 §3: biome reads no markdown, so a docs-only change gives it nothing to check; a
  // biome that would crash shows it is not even started.
  it("biome lint . and biome format . skip a change to .md and .mdx files", async () => {
    const crash = "#!/bin/sh\necho 'biome must not run' >&2\nexit 101\n";
    const repo = makeToolRepo(
      {
        "package.json": packageJson({
          scripts: { lint: "biome lint .", format: "biome format ." },
        }),
        "README.md": "# lib\n",
        "docs/guide.mdx": "# Guide\n",
      },
      { bins: { biome: crash } },
    );
    repo.write("README.md", "# lib\n\nA note.\n");
    repo.write("docs/guide.mdx", "# Guide\n\nA note.\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint,format"]);
    expect(result.code, debug(result)).toBe(0);
    const skipped = (result.report?.stages ?? [])
      .filter((s) => s.stage === "lint" || s.stage === "format")
      .map((s) => [s.stage, s.status, s.reason]);
    expect(skipped).toEqual([
      ["lint", "skip", "no changed files for this tool"],
      ["format", "skip", "no changed files for this tool"],
    ]);
  });
});

describe("oxfmt, as repos write it (--check, which refuses gates' old --list-different)", () => {
  const files = {
    "package.json": packageJson({ scripts: { "format:check": "oxfmt --check src" } }),
    "src/old.ts": "export const old = {a:1};\n",
  };

  it("an unformatted changed line counts, the old unformatted line beside it does not", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/old.ts", "export const old = {a:1};\nexport const fine = 2;\n");
    const clean = await runCliInProcess(repo.dir, ["--only", "format"]);
    expect(clean.code, debug(clean)).toBe(0);
    repo.write(
      "src/old.ts",
      "export const old = {a:1};\nexport const fine = 2;\nexport const b = {c:1};\n",
    );
    const result = await runCliInProcess(repo.dir, ["--only", "format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/old.ts:3 oxfmt"]);
  });

  it("a file oxfmt cannot parse is a finding at its line, not a setup error", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/bad.ts", "export const a = 1;\nexport const = ;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/bad.ts:2 syntax"]);
  });

  it("reads the same finding when the environment asks tools for color (FORCE_COLOR, CI=true)", async () => {
    const repo = makeToolRepo(files);
    repo.write("src/bad.ts", "export const a = 1;\nexport const = ;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "format"], {
      FORCE_COLOR: "1",
      CI: "true", // oxfmt then draws its diagnostics in the graphical theme, in color
    });
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["src/bad.ts:2 syntax"]);
  });
});

describe("a command gates has no adapter for", () => {
  it("runs as written, its exit code is the verdict, and the summary says so", async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { lint: "sh lint.sh" } }),
      "lint.sh": "grep -rn TODO src && exit 1\nexit 0\n",
    });
    repo.write("src/a.ts", "export const a = 1;\n");
    const pass = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(pass.code, debug(pass)).toBe(0);
    expect(pass.stdout).toContain(
      "note in lint: 'sh lint.sh' has no adapter: judged by exit code only, not held to the changed lines",
    );
    repo.write("src/a.ts", "export const a = 1; // TODO\n");
    const fail = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(fail.code, debug(fail)).toBe(1);
    expect(fail.report?.findings[0]).toMatchObject({ file: null, rule: "exit-code" });
    expect(fail.report?.findings[0]?.message).toContain("src/a.ts:1:export const a = 1; // TODO");
  });
});
