import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 46 (rou3): a test already failing at the base blocked every stop without saying it failed
// before. It still blocks (a loop armed at a red state is there to make its tests pass), but the
// finding and the tests stage's note say it also failed at the base; a test the change broke
// is not said to.

const LIBRARY: Record<string, string> = {
  "package.json": packageJson({
    scripts: { test: "vitest run" },
    devDependencies: { vitest: "*", "@vitest/coverage-istanbul": "*" },
  }),
  "vitest.config.ts": [
    'import { defineConfig } from "vitest/config";',
    "",
    'export default defineConfig({ test: { include: ["test/**/*.test.ts"] } });',
    "",
  ].join("\n"),
  "src/math.ts": [
    "export function add(a: number, b: number): number {",
    "  return a + b;",
    "}",
    "",
    "export function half(a: number): number {",
    "  return a / 3;",
    "}",
    "",
  ].join("\n"),
  "test/add.test.ts": [
    'import { expect, it } from "vitest";',
    'import { add } from "../src/math.js";',
    "",
    'it("adds", () => {',
    "  expect(add(1, 2)).toBe(3);",
    "});",
    "",
  ].join("\n"),
  "test/half.test.ts": [
    'import { expect, it } from "vitest";',
    'import { half } from "../src/math.js";',
    "",
    'it("halves", () => {',
    "  expect(half(4)).toBe(2);",
    "});",
    "",
  ].join("\n"),
};

describe("a test that already failed at the base", () => {
  it("is said to have failed at the base too; the test the change broke is not", async () => {
    const repo = makeToolRepo(LIBRARY);
    repo.write("src/math.ts", repo.read("src/math.ts").replace("a + b", "a - b"));
    const result = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(1);
    const said = (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.message}`);
    expect(said).toHaveLength(2);
    expect(said.find((s) => s.startsWith("test/half.test.ts:4 halves:"))).toContain(
      "(it failed at the base too: red before this change)",
    );
    expect(said.find((s) => s.startsWith("test/add.test.ts:4 adds:"))).not.toContain("base");
    const tests = result.report?.stages.find((s) => s.stage === "tests");
    expect(tests?.reason ?? "", debug(result)).toContain(
      "1 of 2 failing test(s) failed at the base too (test/half.test.ts > halves)",
    );
    expect(result.stdout).toContain("(it failed at the base too: red before this change)");
  });

  it("a failing test the base does not have starts no runner there: only the run of the change", async () => {
    const repo = makeToolRepo(LIBRARY);
    // half fixed, and a new test (absent at the base) that fails: the only failing one.
    repo.write("src/math.ts", repo.read("src/math.ts").replace("a / 3", "a / 2"));
    repo.write(
      "test/double.test.ts",
      'import { expect, it } from "vitest";\nimport { add } from "../src/math.js";\n\nit("doubles", () => {\n  expect(add(2, 2)).toBe(5);\n});\n',
    );
    const spy = join(mkdtempSync(join(tmpdir(), "gates-spy-")), "tools.log");
    const result = await runCliInProcess(repo.dir, ["--only", "tests"], { GATES_SPY_LOG: spy });
    expect(result.code, debug(result)).toBe(1);
    const said = (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.message}`);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^test\/double\.test\.ts:4 doubles: /);
    expect(said[0]).not.toContain("base");
    const started = existsSync(spy) ? readFileSync(spy, "utf8").trim().split("\n") : [];
    expect(started.map((line) => line.split(" ")[0])).toEqual(["vitest"]);
  });
});
