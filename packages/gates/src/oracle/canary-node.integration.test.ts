import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, type CliResult } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 §2: `node --test` with its files run side by side (--test-concurrency): the
// canaries of every file are judged from what node ran, and an honest change is green.

const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.message}`);

const SUM = "export function sum(a, b) {\n  return a - b;\n}\n";
const file = (name: string, body: string) =>
  `import { describe, test } from "node:test";\nimport assert from "node:assert/strict";\nimport { sum } from "../src/sum.js";\n\ndescribe("${name}", () => {\n${body}});\n`;

describe("node --test: no canary false red on an honest change", () => {
  it.each([
    ["files side by side (--test-concurrency=4)", "node --test --test-concurrency=4 test/"],
    ["tests of a file side by side (describe concurrency)", "node --test test/"],
  ])("%s", async (_what, command) => {
    const concurrent = command.includes("concurrency") ? "" : ", { concurrency: true }";
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: command } }),
      "src/sum.js": SUM,
      "test/a.test.js": file(
        "a",
        '  test("adds zero", () => {\n    assert.equal(sum(1, 0), 1);\n  });\n',
      ).replace('describe("a"', `describe("a"${concurrent}`),
      "test/b.test.js": file(
        "b",
        '  test("subtracts", async () => {\n    assert.equal(sum(2, 0), 2);\n  });\n',
      ),
      "test/c.test.js": file("c", '  test("holds", () => {\n    assert.equal(1, 1);\n  });\n'),
    });
    repo.write("src/sum.js", SUM.replace("a - b", "a + b"));
    repo.write(
      "test/a.test.js",
      `${repo.read("test/a.test.js")}test("adds two", () => {\n  assert.equal(sum(1, 2), 3);\n});\n`,
    );
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(rules(result), debug(result)).toEqual([]);
    expect(result.code, debug(result)).toBe(0);
  });
});
