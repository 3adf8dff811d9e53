import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { fakeTool, makeToolRepo, oldTool, packageJson } from "../../test/tool-fixture.js";

// Issue 36 §2: gates' `--ci --json --outputFile ...` reached `process.argv` inside a
// repository's own tests (jest hands its argv to the tests it runs in band), and a test that
// reads argv failed under gates only. Run against jest 29.7.0 (the jest29 alias) and 30.

const where = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}`);

const FILES = {
  "package.json": packageJson({
    type: "commonjs",
    scripts: { test: "jest" },
    devDependencies: { jest: "*" },
  }),
  "src/flags.js": [
    "function flags(argv = process.argv.slice(2)) {",
    '  return { verbose: argv.includes("--verbose"), rest: argv.filter((a) => a !== "--verbose") };',
    "}",
    "module.exports = { flags };",
    "",
  ].join("\n"),
  "src/flags.test.js": [
    'const { flags } = require("./flags");',
    "",
    'test("reads the flags the command line gave", () => {',
    "  expect(flags()).toEqual({ verbose: false, rest: [] });",
    "});",
    "",
  ].join("\n"),
};

describe.each([
  ["29.7.0", { links: { jest: oldTool("jest29") } }],
  ["30", {}],
])("jest %s", (_version, options) => {
  it("a test that reads process.argv sees the repository's own argv: exit 0; a failing test is exit 1 at its line", async () => {
    const repo = makeToolRepo(FILES, options);
    const test = FILES["src/flags.test.js"];
    repo.write(
      "src/flags.test.js",
      `${test}test("verbose", () => expect(flags(["--verbose"]).verbose).toBe(true));\n`,
    );
    const green = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(green.code, debug(green)).toBe(0);
    expect(green.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "reads the flags the command line gave:passed",
      "verbose:passed",
    ]);
    repo.write(
      "src/flags.test.js",
      `${test}test("verbose", () => expect(flags(["--verbose"]).verbose).toBe(false));\n`,
    );
    const red = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(red.code, debug(red)).toBe(1);
    expect(where(red)).toEqual(["src/flags.test.js:6 test-failed"]);
  });
});

describe("a jest older than 29", () => {
  it("is exit 2 in one line naming jest and its version, and is never run", async () => {
    const repo = makeToolRepo(FILES, { links: { jest: fakeTool("jest", "26.6.3") } });
    repo.write("src/flags.js", `${FILES["src/flags.js"]}module.exports.two = 2;\n`);
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("error in "))).toEqual([
      "error in tests: tests: jest 26.6.3 is older than gates supports (jest 29.0 or newer)",
    ]);
  });
});
