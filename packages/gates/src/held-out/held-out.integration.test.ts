// Issue 35 §2: held-out tests live outside the working tree, run against the change in gates'
// temporary copy after the oracle's tests pass, and are reported by name only.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import {
  debug,
  git,
  makeRepo,
  runInProcess,
  type CliResult,
  type Repo,
} from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";
import { DISCOUNT_TEST, DISCOUNT_STUB } from "../../test/discount-task.js";

const RED_TEST = DISCOUNT_TEST;
const STUB = DISCOUNT_STUB;
const SPECIAL_CASE =
  'export function discount(price: number, code: string): number {\n  if (price === 100 && code === "SAVE10") return 90;\n  return price;\n}\n';
const HONEST =
  'export function discount(price: number, code: string): number {\n  return code === "SAVE10" ? price - price / 10 : price;\n}\n';
/** The held-out case's body: a number that must never reach the report or the tree. */
const SECRET_CASE = 'expect(discount(250, "SAVE10")).toBe(225);';

/** A folder outside any repository, laid out like one. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "held-out-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const heldOutVitest = () =>
  folder({
    "src/price.test.ts": [
      'import { expect, it } from "vitest";',
      'import { discount } from "./price.js";',
      "",
      'it("SAVE10 takes ten percent off any price", () => {',
      `  ${SECRET_CASE}`,
      "});",
      "",
    ].join("\n"),
  });

const taskRepo = (): Repo => makeRepo({ "src/price.ts": STUB, "src/price.test.ts": RED_TEST });
const rules = (result: CliResult) => (result.report?.findings ?? []).map((f) => f.rule);
const untracked = (repo: Repo) => git(repo.dir, "status", "--porcelain", "--untracked-files=all");

describe("held-out tests", () => {
  it("a special case passes the visible test and fails the held-out one: red, by name only", async () => {
    const repo = taskRepo();
    const held = heldOutVitest();
    repo.write("src/price.ts", SPECIAL_CASE);
    const result = await runInProcess(repo.dir, { only: ["tests"], heldOut: [held] });
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => [f.rule, f.file, f.message])).toEqual([
      [
        "held-out-test-failed",
        null,
        "a held-out test failed: SAVE10 takes ten percent off any price",
      ],
    ]);
    // The held-out test's values never show; commit ids and timings are left out of the search
    // (a commit id that happens to hold "225" is not a leak).
    const everything = `${result.stdout}${result.stderr}${JSON.stringify(result.report)}`
      .replace(/[0-9a-f]{12,40}/g, "<commit>")
      .replace(/"duration_ms":\d+|\(\d+ ms\)/g, "<time>");
    expect(everything).not.toContain("225");
    expect(everything).not.toContain("250");
    expect(untracked(repo)).toBe(" M src/price.ts\n");
    expect(readdirSync(held)).toEqual(["src"]);
  });

  it("the honest fix passes the held-out tests too: green", async () => {
    const repo = taskRepo();
    repo.write("src/price.ts", HONEST);
    const result = await runInProcess(repo.dir, { only: ["tests"], heldOut: [heldOutVitest()] });
    expect(result.code, debug(result)).toBe(0);
  });

  it("held-out tests do not run while the oracle's tests fail", async () => {
    const repo = taskRepo();
    const result = await runInProcess(repo.dir, { only: ["tests"], heldOut: [heldOutVitest()] });
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toEqual(["test-failed"]);
  });

  it("--held-out on the command line: a folder inside the working tree is a setup error naming it", async () => {
    // The flag's red run end to end is the jest case's below; tests.held_out in gates.yaml, a
    // task file's ## HELD-OUT and a missing folder are sources.test.ts's, in process.
    const repo = taskRepo();
    repo.write("src/price.ts", HONEST);
    const inside = await runCliInProcess(repo.dir, ["--only", "tests", "--held-out", "src"]);
    expect(inside.code, debug(inside)).toBe(2);
    expect(inside.stdout + inside.stderr).toContain("is inside the working tree");
  });

  it("with jest: the special case is red, the honest fix green", async () => {
    const files = {
      "package.json": packageJson({
        type: "commonjs",
        scripts: { test: "jest" },
        devDependencies: { jest: "*" },
      }),
      "src/price.js":
        "function discount(price, code) {\n  return price;\n}\nmodule.exports = { discount };\n",
      "src/price.test.js":
        'const { discount } = require("./price");\n\ntest("SAVE10", () => {\n  expect(discount(100, "SAVE10")).toBe(90);\n});\n',
    };
    const held = folder({
      "src/price.test.js": `const { discount } = require("./price");\n\ntest("any price", () => {\n  ${SECRET_CASE}\n});\n`,
    });
    const repo = makeToolRepo(files);
    repo.write(
      "src/price.js",
      'function discount(price, code) {\n  if (price === 100 && code === "SAVE10") return 90;\n  return price;\n}\nmodule.exports = { discount };\n',
    );
    const red = await runCliInProcess(repo.dir, ["--only", "tests", "--held-out", held]);
    expect(red.code, debug(red)).toBe(1);
    expect(red.report?.findings.map((f) => f.message)).toEqual([
      "a held-out test failed: any price",
    ]);
    repo.write(
      "src/price.js",
      'function discount(price, code) {\n  return code === "SAVE10" ? price - price / 10 : price;\n}\nmodule.exports = { discount };\n',
    );
    const green = await runCliInProcess(repo.dir, ["--only", "tests", "--held-out", held]);
    expect(green.code, debug(green)).toBe(0);
    expect(existsSync(join(repo.dir, "src", "price.held-out.test.js"))).toBe(false);
  });
});
