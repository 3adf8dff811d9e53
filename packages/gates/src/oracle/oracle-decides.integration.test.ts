// Issue 34 §2 and §4: every oracle test must be found, run and pass, with real vitest, jest and
// `node --test` repos. Each case: a feature branch whose committed test honestly fails, the
// oracle snapshot taken there (as `loop start` does), then a cheat (red, with the finding) or an
// honest change (green). What oracle-run.integration.test.ts already shows is not repeated.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { debug, makeRepo, runInProcess, type CliResult, type Repo } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";
import { snapshotTree } from "./index.js";
import { DISCOUNT_STUB, DISCOUNT_TEST_TWO_CASES } from "../../test/discount-task.js";

beforeAll(() => {
  process.env.VERIFY_STATE_DIR = mkdtempSync(join(tmpdir(), "oracle-decides-state-"));
});

const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.rule}`);
const messages = (result: CliResult, rule: string) =>
  (result.report?.findings ?? []).filter((f) => f.rule === rule).map((f) => f.message);
const testNames = (result: CliResult) =>
  (result.report?.tests ?? []).map((t) => `${t.file}:${t.name}:${t.status}`);

/** The red test committed (the task), the oracle snapshot taken there. */
async function armed(repo: Repo, files: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  repo.commit("the task: a failing test");
  return (await snapshotTree(repo.dir, process.env)).id;
}

const gates = (repo: Repo, snapshot: string, taskFile?: string) =>
  runInProcess(repo.dir, {
    only: ["tests"],
    oracleSnapshot: snapshot,
    ...(taskFile ? { taskFile } : {}),
  });

function taskFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "oracle-task-")), "TASK.md");
  writeFileSync(path, text);
  return path;
}

describe("vitest", () => {
  const PRICE = DISCOUNT_STUB;
  const FIXED =
    'export function discount(price: number, code: string): number {\n  return code === "SAVE10" ? price - 10 : price;\n}\n';
  const RED = DISCOUNT_TEST_TWO_CASES;
  const red = async () => {
    const repo = makeRepo();
    const snapshot = await armed(repo, { "src/price.ts": PRICE, "src/price.test.ts": RED });
    return { repo, snapshot };
  };

  // One run, one change that cheats three ways at once, each finding on its own file: a -t
  // filter in gates.yaml, the include narrowed in the vitest config, and a test file moved out
  // of the runner's include.
  describe("one change: a -t filter, a narrowed include and a test file moved out", () => {
    let result: CliResult;
    beforeAll(async () => {
      const { repo, snapshot } = await red();
      repo.write(".verify/gates.yaml", "commands:\n  test: vitest run -t SAVE10\n");
      repo.write(
        "vitest.config.ts",
        'import { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { include: ["src/math.test.ts"] },\n});\n',
      );
      const math = repo.read("src/math.test.ts");
      repo.remove("src/math.test.ts");
      repo.write("spec/math.test.ts", math.replace("./math.js", "../src/math.js"));
      result = await gates(repo, snapshot);
    });

    it("a -t filter in the gates.yaml test command: the filtered tests are named, red", () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/price.test.ts:oracle-test-skipped");
      expect(messages(result, "oracle-test-skipped").join("\n")).toContain(
        "keeps the price without a code",
      );
    });

    it("include narrowed in the vitest config: the oracle's config runs the red test", () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/price.test.ts:test-failed");
    });

    it("a test file moved out of the runner's include: its tests are named missing", () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/math.test.ts:oracle-test-missing");
      expect(messages(result, "oracle-test-missing").join("\n")).toContain("adds negatives");
    });
  });

  // One repo, two runs: a runner config added beside the oracle's (red while the code is the
  // stub), then with that config still there, a declared change of the red test (green).
  describe("a runner config added beside the oracle's, then a declared change", () => {
    let red: CliResult;
    let declared: CliResult;
    beforeAll(async () => {
      const repo = makeToolRepo({
        "package.json": packageJson({ scripts: { test: "vitest run" } }),
        "vite.config.ts":
          'import { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { include: ["src/**/*.test.ts"] },\n});\n',
        "src/price.ts": PRICE,
        "src/other.test.ts":
          'import { expect, it } from "vitest";\n\nit("holds", () => {\n  expect(1).toBe(1);\n});\n',
      });
      const snapshot = await armed(repo, { "src/price.test.ts": RED });
      repo.write(
        "vitest.config.ts",
        'import { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { include: ["src/other.test.ts"] },\n});\n',
      );
      red = await gates(repo, snapshot);
      // Honest, with the same added config: SAVE10 takes 15, the test says so, the task declares it.
      repo.write("src/price.ts", FIXED.replace("price - 10", "price - 15"));
      repo.write("src/price.test.ts", RED.replace("toBe(90)", "toBe(85)"));
      // Undeclared, the oracle's version decides (red): integrity.test.ts, on this run's report.
      const task = taskFile(
        [
          "# Task: SAVE10 takes 15",
          "## TESTS",
          "- src/price.test.ts > keeps the price without a code",
          "- file: src/price.test.ts",
          "  name: takes 10 off with SAVE10",
          "  action: modify",
          "  reason: SAVE10 takes 15 off from now on",
          "",
        ].join("\n"),
      );
      declared = await gates(repo, snapshot, task);
    });

    it("a runner config added beside the oracle's cannot replace it", () => {
      expect(red.code, debug(red)).toBe(1);
      expect(rules(red)).toContain("src/price.test.ts:test-failed");
      // Honest: a declared fix, with the same added config, is green.
      expect(declared.code, debug(declared)).toBe(0);
    });

    it("a declared change (## TESTS, action: modify) runs in the change's version and is listed", () => {
      expect(declared.code, debug(declared)).toBe(0);
      expect(declared.report).toMatchObject({
        oracle: {
          origin: "snapshot",
          declared_changes: [
            {
              file: "src/price.test.ts",
              name: "takes 10 off with SAVE10",
              reason: "SAVE10 takes 15 off from now on",
            },
          ],
        },
      });
      expect(testNames(declared)).toEqual(
        expect.arrayContaining([
          "src/price.test.ts:takes 10 off with SAVE10:passed",
          "src/price.test.ts:keeps the price without a code:passed",
        ]),
      );
    });

    it("an acceptance test of the task (## TESTS) in the run passes: no finding", () => {
      expect(declared.report?.findings, debug(declared)).toEqual([]);
    });
  });

  // An acceptance test of the task (## TESTS) must be in the run, and the fix passes the real
  // one: the decision on a report (one found and passed, one missing) is integrity.test.ts's;
  // a task file's acceptance test found in a real vitest run is the declared change's run above.
});

describe("jest", () => {
  const SUM =
    "function discount(price, code) {\n  return price;\n}\nmodule.exports = { discount };\n";
  const RED = [
    'const { discount } = require("./price");',
    "",
    'test("takes 10 off with SAVE10", () => {',
    '  expect(discount(100, "SAVE10")).toBe(90);',
    "});",
    "",
  ].join("\n");
  const red = async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({
        type: "commonjs",
        scripts: { test: "jest" },
        devDependencies: { jest: "*" },
      }),
      "src/price.js": SUM,
    });
    const snapshot = await armed(repo, { "src/price.test.js": RED });
    return { repo, snapshot };
  };

  it("a rewritten test, and a -t filter in the test script, still run the red test", async () => {
    const { repo, snapshot } = await red();
    // Both cheats in one change: the red test fails only when the oracle's test and its script
    // both run (either left as the change has it, the test passes or does not run).
    repo.write("src/price.test.js", RED.replace("toBe(90)", "toBeDefined()"));
    const pkg = JSON.parse(repo.read("package.json")) as Record<string, unknown>;
    repo.write("package.json", JSON.stringify({ ...pkg, scripts: { test: "jest -t nothing" } }));
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.js:test-failed");
  });

  it("honest: the fix and a new test are green, and no canary is reported", async () => {
    const { repo, snapshot } = await red();
    repo.write(
      "src/price.js",
      SUM.replace("return price;", 'return code === "SAVE10" ? price - 10 : price;'),
    );
    repo.write(
      "src/price.test.js",
      `${RED}\ntest("keeps the price without a code", () => {\n  expect(discount(100, "")).toBe(100);\n});\n`,
    );
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(0);
    expect(testNames(result).sort()).toEqual([
      "src/price.test.js:keeps the price without a code:passed",
      "src/price.test.js:takes 10 off with SAVE10:passed",
    ]);
  });
});

describe("node --test", () => {
  const PRICE = "export function discount(price, code) {\n  return price;\n}\n";
  const RED = [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { discount } from "../src/price.js";',
    "",
    'test("takes 10 off with SAVE10", () => {',
    '  assert.equal(discount(100, "SAVE10"), 90);',
    "});",
    "",
  ].join("\n");
  const red = async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({ scripts: { test: "node --test test/" } }),
      "src/price.js": PRICE,
    });
    const snapshot = await armed(repo, { "test/price.test.js": RED });
    return { repo, snapshot };
  };

  it("the red test skipped, or the script turned into echo ok: red", async () => {
    const { repo, snapshot } = await red();
    // Both cheats in one change: the red test fails only when the oracle's test and its script
    // both run (either left as the change has it, the test is skipped or does not run).
    repo.write("test/price.test.js", RED.replace('test("takes', 'test.skip("takes'));
    repo.write("package.json", packageJson({ scripts: { test: "echo ok" } }));
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("test/price.test.js:test-failed");
  });

  it("an assertion patched from the code under test is caught by the canary", async () => {
    const { repo, snapshot } = await red();
    repo.write(
      "src/price.js",
      `import assert from "node:assert/strict";\nassert.equal = () => {};\n${PRICE}`,
    );
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("test/price.test.js:tampered-runner");
  });

  it("honest: the fix with a stricter test is green, and no canary is reported", async () => {
    const { repo, snapshot } = await red();
    repo.write(
      "src/price.js",
      PRICE.replace("return price;", 'return code === "SAVE10" ? price - 10 : price;'),
    );
    repo.write(
      "test/price.test.js",
      `${RED}\ntest("keeps the price without a code", () => {\n  assert.equal(discount(100, ""), 100);\n});\n`,
    );
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(0);
    // node's TAP names the file of a failing test only.
    expect((result.report?.tests ?? []).map((t) => `${t.name}:${t.status}`).sort()).toEqual([
      "keeps the price without a code:passed",
      "takes 10 off with SAVE10:passed",
    ]);
  });
});
