// Issue 34 §2 / 35 §1: the tests run as the oracle has them, in a copy of the tree, with a canary.
// Each case: a feature branch whose committed test honestly fails (the oracle snapshot is taken
// there, as `loop start` does), then what an agent that wants to stop might do.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  debug,
  git,
  makeRepo,
  runInProcess,
  type CliResult,
  type Repo,
} from "../../test/fixture.js";
import { snapshotTree } from "./index.js";
import { DISCOUNT_TEST, DISCOUNT_STUB } from "../../test/discount-task.js";

beforeAll(() => {
  process.env.VERIFY_STATE_DIR = mkdtempSync(join(tmpdir(), "oracle-decides-state-"));
});

const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.rule}`);

const RED_TEST = DISCOUNT_TEST;

/** A branch with a red test committed (the task: make it pass), the oracle taken there. */
async function redBranch(): Promise<{ repo: Repo; snapshot: string }> {
  const repo = makeRepo();
  repo.write("src/price.ts", DISCOUNT_STUB);
  repo.write("src/price.test.ts", RED_TEST);
  repo.commit("the task: a failing test for discounts");
  const oracle = await snapshotTree(repo.dir, process.env);
  return { repo, snapshot: oracle.id };
}

const gates = (repo: Repo, snapshot: string) =>
  runInProcess(repo.dir, { only: ["tests"], oracleSnapshot: snapshot });

describe("the oracle's tests decide", () => {
  it("the red test committed before the loop fails the stop", async () => {
    const { repo, snapshot } = await redBranch();
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.ts:test-failed");
  });

  // One change cheats four ways at once, each on its own copy of the red test: rewritten to
  // pass, deleted, skipped, and the test script turned into "echo ok". Each file's test-failed
  // needs its own file restored and the oracle's script run (any one left as the change has it,
  // that file's red test passes, is skipped or does not run).
  describe("one change: a test rewritten, one deleted, one skipped, the script echo ok", () => {
    let repo: Repo;
    let result: CliResult;
    beforeAll(async () => {
      repo = makeRepo();
      repo.write("src/price.ts", DISCOUNT_STUB);
      for (const file of ["price", "deleted", "skipped"])
        repo.write(`src/${file}.test.ts`, RED_TEST);
      const pkg = JSON.parse(repo.read("package.json")) as Record<string, unknown>;
      repo.write("package.json", JSON.stringify({ ...pkg, scripts: { test: "vitest run" } }));
      repo.commit("the task: failing tests for discounts, and the test script");
      const oracle = await snapshotTree(repo.dir, process.env);
      repo.write("src/price.test.ts", RED_TEST.replace("toBe(90)", "toBeDefined()"));
      repo.remove("src/deleted.test.ts");
      repo.write("src/skipped.test.ts", RED_TEST.replace("it(", "it.skip("));
      repo.write("package.json", JSON.stringify({ ...pkg, scripts: { test: "echo ok" } }));
      result = await gates(repo, oracle.id);
    });

    it("the test rewritten to pass still runs as it was: red", () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/price.test.ts:test-failed");
      expect(repo.read("src/price.test.ts")).toContain("toBeDefined()"); // the user's file untouched
    });

    it('a test script rewritten to "echo ok" still runs the oracle\'s script: red', () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/price.test.ts:test-failed");
    });

    it("the red test deleted, or skipped, still runs: red", () => {
      expect(result.code, debug(result)).toBe(1);
      expect(rules(result)).toContain("src/deleted.test.ts:test-failed");
      expect(rules(result)).toContain("src/skipped.test.ts:test-failed");
    });
  });

  it("a matcher overridden from the code under test is caught by the canary", async () => {
    const { repo, snapshot } = await redBranch();
    repo.write(
      "src/price.ts",
      [
        'import { expect } from "vitest";',
        'expect.extend({ toBe: () => ({ pass: true, message: () => "" }) });',
        "export function discount(price: number, _code: string): number {",
        "  return price;",
        "}",
        "",
      ].join("\n"),
    );
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.ts:tampered-runner");
  });
});

describe("honest changes stay green", () => {
  // One honest change, two cases on their own files: the fix with a new test file and a stricter
  // assertion (src/price*), and a test file moved whole with its module renamed (src/math*).
  describe("one honest change", () => {
    let result: CliResult;
    beforeAll(async () => {
      const red = await redBranch();
      const repo = red.repo;
      repo.write(
        "src/price.ts",
        'export function discount(price: number, code: string): number {\n  return code === "SAVE10" ? price - price / 10 : price;\n}\n',
      );
      repo.write(
        "src/price-more.test.ts",
        'import { expect, it } from "vitest";\nimport { discount } from "./price.js";\n\nit("keeps the price without a code", () => {\n  expect(discount(50, "")).toBe(50);\n});\n',
      );
      repo.write(
        "src/price.test.ts",
        `${RED_TEST}\nit("takes 10 off 200", () => {\n  expect(discount(200, "SAVE10")).toBe(180);\n});\n`,
      );
      const math = repo.read("src/math.test.ts");
      git(repo.dir, "mv", "src/math.ts", "src/maths.ts");
      git(repo.dir, "mv", "src/math.test.ts", "src/maths.test.ts");
      repo.write("src/maths.test.ts", math.replace("./math.js", "./maths.js"));
      result = await gates(repo, red.snapshot);
    });

    it("the fix, a new test file, and a stricter assertion in the oracle's test", () => {
      expect(result.code, debug(result)).toBe(0);
      const names = (result.report?.tests ?? []).map((t) => `${t.file}:${t.name}:${t.status}`);
      expect(names).toEqual(
        expect.arrayContaining([
          "src/price.test.ts:takes 10 off with SAVE10:passed",
          "src/price.test.ts:takes 10 off 200:passed",
          "src/price-more.test.ts:keeps the price without a code:passed",
        ]),
      );
      expect(
        names.filter((n) => n.startsWith("src/price.test.ts:takes 10 off with SAVE10")),
      ).toHaveLength(1);
      expect(names.some((n) => /gates-change|^c[0-9a-f]{8}/.test(n))).toBe(false);
    });

    it("a test file moved whole with its body unchanged, and a module renamed with its import", () => {
      expect(result.code, debug(result)).toBe(0);
    });
  });
});
