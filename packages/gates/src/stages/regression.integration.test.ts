import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli, runInProcess, type CliResult } from "../../test/fixture.js";

const TITLE = "Cart count is wrong after reload";
const HINT = "add a test that reproduces the bug (its name or body should mention the bug)";

const regressionFindings = (result: CliResult) =>
  (result.report?.findings ?? []).filter((f) => f.rule === "regression");

/** A test file in the fixture's style: one `it` per [name, body line]. */
const testFile = (...tests: Array<[string, string]>) =>
  [
    'import { expect, it } from "vitest";',
    'import { add } from "./math.js";',
    "",
    ...tests.flatMap(([name, body]) => [`it("${name}", () => {`, `  ${body}`, "});", ""]),
  ].join("\n");

describe("floor --regression: a bug fix must add a test that mentions the bug", () => {
  // The bin with --regression is run by the first test and the usage test; the matching rules
  // go through its API (runInProcess), the stamp and no-words cases through the CLI's command
  // in this process (runCliInProcess).
  it("no new test → exit 1 with one regression finding naming the title's words", () => {
    const repo = makeRepo();
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const cart = 0;\n");
    const result = runCli(repo.dir, ["--only", "floor", "--json", "--regression", TITLE]);
    expect(result.code, debug(result)).toBe(1);
    const report = JSON.parse(result.stdout) as CliResult["report"];
    expect(report?.status).toBe("fail");
    expect(report?.findings).toEqual([
      {
        stage: "floor",
        file: null,
        line: null,
        rule: "regression",
        message:
          "bug fix without a regression test: no new test mentions any of: cart, count, reload",
        hint: HINT,
      },
    ]);
    expect(result.report?.findings).toEqual(report?.findings);
  });

  it("a new test whose name mentions a title word (as a plural) → the rule is met", async () => {
    const repo = makeRepo();
    repo.write(
      "src/math.test.ts",
      repo.read("src/math.test.ts") +
        '\nit("counts each added item once", () => {\n  expect(add(1, 1)).toBe(2);\n});\n',
    );
    const result = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(result.code, debug(result)).toBe(0);
    expect(regressionFindings(result)).toEqual([]);
    expect(result.stderr).toContain(
      "gates: floor: regression test 'counts each added item once' (src/math.test.ts:12)",
    );
  });

  it("a new test whose body (not its name) mentions a title word → the rule is met", async () => {
    const repo = makeRepo();
    repo.write(
      "src/issue.test.ts",
      testFile(["issue 42 stays away", "expect(add(0, 0)).toBe(0);"]),
    );
    const before = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(before.code, debug(before)).toBe(1);
    repo.write(
      "src/issue.test.ts",
      testFile([
        "issue 42 stays away",
        "const itemCount = add(0, 0);\n  expect(itemCount).toBe(0);",
      ]),
    );
    const after = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(after.code, debug(after)).toBe(0);
    expect(regressionFindings(after)).toEqual([]);
  });

  it("only the new test's own lines count, not the code after its callback", async () => {
    const repo = makeRepo();
    repo.write(
      "src/issue.test.ts",
      testFile(["adds zero", "expect(add(0, 0)).toBe(0);"]) + "// the cart count after a reload\n",
    );
    const result = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(result.code, debug(result)).toBe(1);
    expect(regressionFindings(result)).toHaveLength(1);
  });

  it("a test that existed at the base does not count, even when the change edits it", async () => {
    const repo = makeRepo({
      "src/cart.test.ts": testFile(["keeps the cart count", "expect(add(1, 2)).toBe(3);"]),
    });
    repo.write(
      "src/cart.test.ts",
      testFile(
        ["keeps the cart count", "expect(add(2, 1)).toBe(3);"],
        ["adds zero", "expect(add(0, 0)).toBe(0);"],
      ),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(result.code, debug(result)).toBe(1);
    expect(regressionFindings(result)).toHaveLength(1);
  });

  it("a new Python test counts up to the end of its body, not into the next test", async () => {
    const old = "def test_old():\n    count = 1\n    assert count == 1\n";
    const repo = makeRepo({ "tests/test_cart.py": old });
    repo.write("tests/test_cart.py", "def test_zero():\n    assert 0 == 0\n\n\n" + old);
    const without = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(without.code, debug(without)).toBe(1);
    repo.write(
      "tests/test_cart.py",
      "def test_zero():\n    reloaded = 0\n    assert reloaded == 0\n\n\n" + old,
    );
    const withIt = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    expect(withIt.code, debug(withIt)).toBe(0);
  });

  it("a title with no words to match → a regression finding that says so", async () => {
    const repo = makeRepo();
    repo.write(
      "src/math.test.ts",
      repo.read("src/math.test.ts") +
        '\nit("fixes it", () => {\n  expect(add(0, 1)).toBe(1);\n});\n',
    );
    const result = await runCliInProcess(repo.dir, [
      "--only",
      "floor",
      "--regression",
      "Fix the bug in it",
    ]);
    expect(result.code, debug(result)).toBe(1);
    expect(regressionFindings(result)).toEqual([
      expect.objectContaining({
        stage: "floor",
        file: null,
        line: null,
        message: expect.stringContaining(
          "the issue title 'Fix the bug in it' has no words to match",
        ),
      }),
    ]);
  });

  it("the title is part of the stamp: no reuse across runs with and without --regression", async () => {
    // Full runs (only they stamp), with the tool stages off: this is about the stamp.
    const repo = makeRepo({
      ".verify/gates.yaml":
        "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n",
    });
    repo.write(
      "src/math.test.ts",
      repo.read("src/math.test.ts") +
        '\nit("keeps the cart count", () => {\n  expect(add(1, 0)).toBe(1);\n});\n',
    );
    const plain: string[] = [];
    const bug = [...plain, "--regression", TITLE];
    const hit = async (args: string[]) =>
      (
        JSON.parse((await runCliInProcess(repo.dir, [...args, "--json"])).stdout) as {
          already_verified: boolean;
        }
      ).already_verified;
    expect(await hit(plain)).toBe(false);
    expect(await hit(plain)).toBe(true);
    expect(await hit(bug)).toBe(false);
    expect(await hit(bug)).toBe(true);
    expect(await hit([...plain, "--regression", "Cart total is off"])).toBe(false);
    expect(await hit(plain)).toBe(false);
  });

  it("an empty title is a usage error: exit 2, one line on stderr, nothing run", () => {
    const repo = makeRepo();
    for (const title of ["", "   "]) {
      const result = runCli(repo.dir, ["--json", "--regression", title]);
      expect(result.code, debug(result)).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe("verify-gates: --regression: the issue title is empty\n");
      expect(result.report).toBeUndefined();
    }
  });
});
