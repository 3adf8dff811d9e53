import { beforeAll, describe, expect, it } from "vitest";
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

  // One repo, three runs: a change whose new and edited tests each fail to count for its own
  // reason (each reason needed: were any of them counted, the rule would be met), then the same
  // change with one of them made to count, once in TypeScript and once in Python.
  describe("what counts as a new test's text", () => {
    const old = "def test_old():\n    count = 1\n    assert count == 1\n";
    const issue = (body: string) => testFile(["issue 42 stays away", body]);
    let notMet: CliResult;
    let bodyMet: CliResult;
    let pythonMet: CliResult;
    beforeAll(async () => {
      const repo = makeRepo({
        "src/cart.test.ts": testFile(["keeps the cart count", "expect(add(1, 2)).toBe(3);"]),
        "tests/test_cart.py": old,
      });
      // A new test mentioning nothing, by name or body.
      repo.write("src/issue.test.ts", issue("expect(add(0, 0)).toBe(0);"));
      // A new test followed by code that mentions the title, after its callback.
      repo.write(
        "src/tail.test.ts",
        testFile(["adds zero", "expect(add(0, 0)).toBe(0);"]) +
          "// the cart count after a reload\n",
      );
      // A test of the base that mentions the title, edited by the change (an assertion added:
      // one changed or removed would be a floor finding of its own).
      repo.write(
        "src/cart.test.ts",
        testFile(
          ["keeps the cart count", "expect(add(1, 2)).toBe(3);\n  expect(add(2, 1)).toBe(3);"],
          ["adds zero", "expect(add(0, 0)).toBe(0);"],
        ),
      );
      // A new Python test, before an old one that mentions the title.
      repo.write("tests/test_cart.py", "def test_zero():\n    assert 0 == 0\n\n\n" + old);
      notMet = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });

      repo.write(
        "src/issue.test.ts",
        issue("const itemCount = add(0, 0);\n  expect(itemCount).toBe(0);"),
      );
      bodyMet = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });

      repo.write("src/issue.test.ts", issue("expect(add(0, 0)).toBe(0);"));
      repo.write(
        "tests/test_cart.py",
        "def test_zero():\n    reloaded = 0\n    assert reloaded == 0\n\n\n" + old,
      );
      pythonMet = await runInProcess(repo.dir, { only: ["floor"], regression: TITLE });
    });

    it("a new test whose body (not its name) mentions a title word → the rule is met", () => {
      expect(notMet.code, debug(notMet)).toBe(1);
      expect(bodyMet.code, debug(bodyMet)).toBe(0);
      expect(regressionFindings(bodyMet)).toEqual([]);
    });

    it("only the new test's own lines count, not the code after its callback", () => {
      expect(notMet.code, debug(notMet)).toBe(1);
      expect(regressionFindings(notMet)).toHaveLength(1);
    });

    it("a test that existed at the base does not count, even when the change edits it", () => {
      expect(notMet.code, debug(notMet)).toBe(1);
      expect(regressionFindings(notMet)).toHaveLength(1);
    });

    it("a new Python test counts up to the end of its body, not into the next test", () => {
      expect(notMet.code, debug(notMet)).toBe(1);
      expect(pythonMet.code, debug(pythonMet)).toBe(0);
    });
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

  it("an empty title is a usage error: exit 2, one line on stderr, nothing run", async () => {
    const repo = makeRepo();
    // The bin for one title (its exit code and streams), the same path in this process for the other.
    const results = [
      runCli(repo.dir, ["--json", "--regression", ""]),
      await runCliInProcess(repo.dir, ["--json", "--regression", "   "]),
    ];
    for (const result of results) {
      expect(result.code, debug(result)).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe("verify-gates: --regression: the issue title is empty\n");
      expect(result.report).toBeUndefined();
    }
  });
});
