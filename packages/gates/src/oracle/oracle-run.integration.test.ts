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

  it("the test rewritten to pass still runs as it was: red", async () => {
    const { repo, snapshot } = await redBranch();
    repo.write("src/price.test.ts", RED_TEST.replace("toBe(90)", "toBeDefined()"));
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.ts:test-failed");
    expect(repo.read("src/price.test.ts")).toContain("toBeDefined()"); // the user's file untouched
  });

  it('a test script rewritten to "echo ok" still runs the oracle\'s script: red', async () => {
    const { repo } = await redBranch();
    const pkg = JSON.parse(repo.read("package.json")) as Record<string, unknown>;
    repo.write("package.json", JSON.stringify({ ...pkg, scripts: { test: "vitest run" } }));
    repo.commit("the test script");
    const oracle = await snapshotTree(repo.dir, process.env);
    repo.write("package.json", JSON.stringify({ ...pkg, scripts: { test: "echo ok" } }));
    const result = await gates(repo, oracle.id);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.ts:test-failed");
  });

  it("the red test deleted, or skipped, still runs: red", async () => {
    const { repo, snapshot } = await redBranch();
    repo.remove("src/price.test.ts");
    expect((await gates(repo, snapshot)).code).toBe(1);
    repo.write("src/price.test.ts", RED_TEST.replace("it(", "it.skip("));
    const skipped = await gates(repo, snapshot);
    expect(skipped.code, debug(skipped)).toBe(1);
    expect(rules(skipped)).toContain("src/price.test.ts:test-failed");
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
  it("the fix, a new test file, and a stricter assertion in the oracle's test", async () => {
    const { repo, snapshot } = await redBranch();
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
    const result = await gates(repo, snapshot);
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

  it("a test file moved whole with its body unchanged, and a module renamed with its import", async () => {
    const { repo, snapshot } = await redBranch();
    repo.write(
      "src/price.ts",
      'export function discount(price: number, code: string): number {\n  return code === "SAVE10" ? 90 * (price / 100) : price;\n}\n',
    );
    repo.commit("the fix");
    git(repo.dir, "mv", "src/price.ts", "src/pricing.ts");
    git(repo.dir, "mv", "src/price.test.ts", "src/pricing.test.ts");
    repo.write("src/pricing.test.ts", RED_TEST.replace("./price.js", "./pricing.js"));
    const result = await gates(repo, snapshot);
    expect(result.code, debug(result)).toBe(0);
  });
});
