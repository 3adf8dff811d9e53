import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GatesReportSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

const cartTests = (broken: boolean) =>
  [
    'import { describe, expect, it } from "vitest";',
    'import { add } from "./math.js";',
    "",
    'describe("cart", () => {',
    '  it("sums two items", () => {',
    "    expect(add(2, 3)).toBe(5);",
    "  });",
    "",
    '  it("sums nothing", () => {',
    `    expect(add(0, 0)).toBe(${broken ? 1 : 0});`,
    "  });",
    "});",
    "",
  ].join("\n");

const parsed = (stdout: string) => GatesReportSchema.parse(JSON.parse(stdout));

describe("the report names every test case the run's vitest ran", () => {
  it("a failing and a passing test → both listed with their status and file", () => {
    const repo = makeRepo();
    repo.write("src/cart.test.ts", cartTests(true));
    const result = runCli(repo.dir, ["--only", "tests", "--json"]);
    expect(result.code, debug(result)).toBe(1);
    const report = parsed(result.stdout);
    expect(report.tests).toEqual(
      expect.arrayContaining([
        { file: "src/cart.test.ts", name: "cart sums two items", status: "passed" },
        { file: "src/cart.test.ts", name: "cart sums nothing", status: "failed" },
        { file: "src/math.test.ts", name: "adds", status: "passed" },
        { file: "src/math.test.ts", name: "adds negatives", status: "passed" },
      ]),
    );
    expect(report.tests).toHaveLength(4);
    expect(result.report?.tests).toEqual(report.tests);
  });

  it("a skipped test is listed as skipped", async () => {
    const repo = makeRepo();
    repo.write(
      "src/cart.test.ts",
      cartTests(false).replace('it("sums nothing"', 'it.skip("sums nothing"'),
    );
    const result = await runCliInProcess(repo.dir, ["--only", "tests", "--json"]);
    expect(result.code, debug(result)).toBe(0);
    expect(parsed(result.stdout).tests).toContainEqual({
      file: "src/cart.test.ts",
      name: "cart sums nothing",
      status: "skipped",
    });
  });

  it("a stamp hit carries the list of the run that wrote the stamp, from the state folder, whatever .verify/green says", async () => {
    // Full runs (only they stamp); the tools other than the tests are off.
    const repo = makeRepo({
      ".verify/gates.yaml": "commands:\n  typecheck: false\n  lint: false\n  format: false\n",
    });
    repo.write("src/cart.test.ts", cartTests(false));
    const green = await runCliInProcess(repo.dir, ["--json"]);
    expect(green.code, debug(green)).toBe(0);
    const first = parsed(green.stdout);
    expect(first.already_verified).toBe(false);
    expect(first.tests).toHaveLength(4);
    expect(first.tests?.every((t) => t.status === "passed")).toBe(true);

    const hit = await runCliInProcess(repo.dir, ["--json"]);
    expect(hit.code, debug(hit)).toBe(0);
    const again = parsed(hit.stdout);
    expect(again.already_verified).toBe(true);
    expect(again.tests).toEqual(first.tests);

    // The visible copy cut to its hash line: never read, the signed stamp still carries the list.
    const stamp = join(repo.dir, ".verify", "green");
    writeFileSync(stamp, `${readFileSync(stamp, "utf8").split("\n")[0]}\n`);
    const copy = await runCliInProcess(repo.dir, ["--json"]);
    expect(copy.code, debug(copy)).toBe(0);
    expect(parsed(copy.stdout).already_verified).toBe(true);
    expect(parsed(copy.stdout).tests).toEqual(first.tests);
  });

  it("no list when no vitest command ran: another test command, or the tests stage not selected", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": 'commands:\n  test: "node --version"\n' });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const other = await runCliInProcess(repo.dir, ["--only", "tests", "--json"]);
    expect(other.code, debug(other)).toBe(0);
    expect(parsed(other.stdout).stages.find((s) => s.stage === "tests")?.status).toBe("pass");
    expect(parsed(other.stdout)).not.toHaveProperty("tests");
    const floorOnly = await runCliInProcess(repo.dir, ["--only", "floor", "--json"]);
    expect(floorOnly.code, debug(floorOnly)).toBe(0);
    expect(parsed(floorOnly.stdout)).not.toHaveProperty("tests");
  });
});
