import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../tools/command.js";
import type { TestRun } from "../tools/vitest.js";
import { judgeCanary, plantCanary, type Canary } from "./canary.js";
import { nodeTestFiles } from "./node-test-files.js";

// Issue 35 §1: the runner's exit code must agree with its report, and a file it was given must
// be in the report.
const canary: Canary = {
  files: ["test/a.test.js", "test/b.test.js"],
  names: new Map([
    ["test/a.test.js", { pass: "tpa", fail: ["tfa1", "tfa2"] }],
    ["test/b.test.js", { pass: "tpb", fail: ["tfb1", "tfb2"] }],
  ]),
};

/** A run of `files` as node's TAP reports it: a passing test without its file. */
const run = (files: string[]): TestRun => ({
  findings: [],
  totalTests: files.length * 4,
  coverage: new Map(),
  tests: files.flatMap((file) => {
    const names = canary.names.get(file)!;
    return [
      { file: null, name: "real", status: "passed" as const },
      { file: null, name: names.pass, status: "passed" as const },
      { file, name: `suite > ${names.fail[0]}`, status: "failed" as const },
      { file, name: names.fail[1] ?? "", status: "failed" as const },
    ];
  }),
});

describe("the canary's verdict on a run", () => {
  it("an honest run: no finding, the canaries taken out", () => {
    const judged = judgeCanary(canary, run(canary.files), 1, canary.files);
    expect(judged.findings).toEqual([]);
    expect(judged.run.tests?.map((t) => t.name)).toEqual(["real", "real"]);
    expect(judged.run.totalTests).toBe(2);
  });

  it("exit 0 while a canary failed: the exit code disagrees with the report", () => {
    const judged = judgeCanary(canary, run(canary.files), 0);
    expect(judged.findings.map((f) => f.message)).toEqual([
      "the test runner's results cannot be trusted: it exited 0 while tests failed",
    ]);
  });

  it("a file the runner was given, missing from its report", () => {
    const judged = judgeCanary(canary, run(["test/a.test.js"]), 1, canary.files);
    expect(judged.findings.map((f) => `${f.file}: ${f.rule}`)).toEqual([
      "test/b.test.js: tampered-runner",
    ]);
  });
});

describe("the files node --test is surely given", () => {
  const files = ["test/a.test.js", "test/sub/b.test.mjs", "src/c.test.js", "other/d.spec.js"];
  it.each([
    ["node --test test/", ["test/a.test.js", "test/sub/b.test.mjs"]],
    ["node --test ./test", ["test/a.test.js", "test/sub/b.test.mjs"]],
    ["node --test src/c.test.js", ["src/c.test.js"]],
    ["node --test", ["test/a.test.js", "test/sub/b.test.mjs", "src/c.test.js"]],
    ["node --test 'test/**/*.test.js'", []],
    ["npx node --test --test-concurrency=1 src/", ["src/c.test.js"]],
  ])("%s", (command, expected) => {
    expect(nodeTestFiles(parseCommand(command), files)).toEqual(expected);
  });
});

// Issue 47: a file that focuses a test runs nothing else in it, whichever focus form the catalogue
// knows (a canary there is never run, and would read as a tampered runner).
describe("no canary in a file that focuses a test", () => {
  const files: Record<string, string> = {
    "modifier.test.ts": 'test.only("a", () => {});',
    "option.test.ts": 'test("a", { only: true }, () => {});',
    "bracket.test.ts": 'test["only"]("a", () => {});',
    "shorthand.test.ts": 'fit("a", () => {});',
    "ftest.test.ts": 'ftest("a", () => {});',
    "plain.test.ts": 'test("a", () => {}); // the only one',
  };
  it.each(["vitest", "jest", "node-test"] as const)("%s", async (runner) => {
    const dir = mkdtempSync(join(tmpdir(), "canary-focus-"));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), `${text}\n`);
    const planted = await plantCanary(dir, runner, Object.keys(files));
    expect(planted.files).toEqual(["plain.test.ts"]);
  });
});
