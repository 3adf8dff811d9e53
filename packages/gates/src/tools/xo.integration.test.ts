import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 §2 (chalk): a repository linted by xo, whose own `test` script is `xo && …`. ESLint
// and prettier sit in node_modules only as xo's own dependencies: the repository has no ESLint
// config and does not use prettier. Gates must lint with xo, never with bare eslint (a setup
// error on every change), and must not format with a prettier the repository does not use.

/**
 * A stand-in for xo's package, in the repository's node_modules: xo's command line (files,
 * `--reporter=<eslint formatter>`, exit 1 on an error) over ESLint with a config of its own (here
 * one rule), as xo wraps ESLint. Each run's arguments are appended to the file $XO_CALLS names.
 */
const XO_CLI = [
  "#!/usr/bin/env node",
  'import { appendFileSync } from "node:fs";',
  'import { ESLint } from "eslint";',
  "const args = process.argv.slice(2);",
  "if (process.env.XO_CALLS) appendFileSync(process.env.XO_CALLS, `${JSON.stringify(args)}\\n`);",
  'const reporter = args.find((a) => a.startsWith("--reporter="))?.slice(11) ?? "stylish";',
  'const files = args.filter((a) => !a.startsWith("-"));',
  "const eslint = new ESLint({",
  "  overrideConfigFile: true,",
  '  overrideConfig: [{ rules: { "no-debugger": "error" } }],',
  "});",
  'const results = await eslint.lintFiles(files.length > 0 ? files : ["."]);',
  "const formatter = await eslint.loadFormatter(reporter);",
  "process.stdout.write(await formatter.format(results));",
  "process.exitCode = results.some((r) => r.errorCount > 0) ? 1 : 0;",
  "",
].join("\n");

const XO_REPO: Record<string, string> = {
  "package.json": packageJson({
    scripts: { test: "xo && node --test" },
    devDependencies: { xo: "*" },
    xo: { rules: { "unicorn/prefer-string-slice": "off" } },
  }),
  "node_modules/xo/package.json": JSON.stringify({
    name: "xo",
    version: "0.54.2",
    type: "module",
    bin: { xo: "cli.js" },
  }),
  "node_modules/xo/cli.js": XO_CLI,
  // Tabs, as xo wants them: prettier (not the repository's formatter) would rewrite every line.
  "source/index.js": "export function add(a, b) {\n\treturn a + b;\n}\n",
  "source/old.js": "export function old() {\n\tdebugger;\n\treturn 1;\n}\n",
  "test/index.test.js": [
    'import assert from "node:assert";',
    'import { test } from "node:test";',
    'import { add } from "../source/index.js";',
    "",
    'test("adds", () => {',
    "\tassert.strictEqual(add(1, 2), 3);",
    "});",
    "",
  ].join("\n"),
};

const where = (result: {
  report?: { findings: Array<{ file: string | null; line: number | null; rule: string }> };
}) => (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);

describe("an xo repository (ESLint and prettier only as xo's dependencies)", () => {
  it("lints the changed files with xo, formats with nothing, and passes an honest change", async () => {
    const repo = makeToolRepo(XO_REPO);
    repo.write("source/index.js", "export function add(a, b) {\n\treturn b + a;\n}\n");
    const calls = `${repo.dir}.xo-calls.txt`;
    const result = await runCliInProcess(repo.dir, [], { XO_CALLS: calls });
    expect(result.code, debug(result)).toBe(0);
    const stage = (name: string) => result.report?.stages.find((s) => s.stage === name);
    expect(stage("lint")?.status, debug(result)).toBe("pass");
    expect(stage("format")?.status, debug(result)).toBe("skip");
    expect(stage("tests")?.status, debug(result)).toBe("pass");
    // xo ran on the changed file, with its JSON report.
    expect(readFileSync(calls, "utf8")).toContain('"--reporter=json","--","source/index.js"');
  });

  it("an xo error on a changed line is a lint finding at its line; old debt elsewhere is not", async () => {
    const repo = makeToolRepo(XO_REPO);
    repo.write("source/index.js", "export function add(a, b) {\n\tdebugger;\n\treturn a + b;\n}\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(where(result)).toEqual(["source/index.js:2 no-debugger"]);
  });
});
