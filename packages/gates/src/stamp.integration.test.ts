import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GatesReportSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../test/fixture.js";

const spyLines = (file: string) =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];

describe("a clean change, the stamp and the fast path", () => {
  it("runs every tool, exits 0 with a stamp; a rerun touches no tool; one byte changed runs again", async () => {
    // The first run is the bin's; the reruns go through the same command in this process.
    const repo = makeRepo();
    const spy = join(mkdtempSync(join(tmpdir(), "gates-spy-")), "tools.log");
    writeFileSync(spy, "");
    repo.write(
      "src/math.ts",
      repo.read("src/math.ts") +
        "\nexport function twice(a: number): number {\n  return add(a, a);\n}\n",
    );
    repo.write(
      "src/math.test.ts",
      repo.read("src/math.test.ts") +
        'it("twice", async () => {\n  const { twice } = await import("./math.js");\n  expect(twice(2)).toBe(4);\n});\n',
    );

    const first = runCli(repo.dir, [], { GATES_SPY_LOG: spy });
    expect(first.code, debug(first)).toBe(0);
    expect(first.report?.status).toBe("pass");
    expect(first.report?.stages.map((s) => `${s.stage}:${s.status}`)).toEqual([
      "floor:pass",
      "scope:pass",
      "secrets:pass",
      "typecheck:pass",
      "lint:pass",
      "format:pass",
      "tests:pass",
      "crap:pass",
      "judge:skip",
    ]);
    expect(existsSync(join(repo.dir, ".verify", "green"))).toBe(true);
    // Each tool once. The tool stages run side by side, so the order they start in is not fixed.
    const ran = spyLines(spy).map((line) => line.split(" ")[0]);
    expect(ran.sort()).toEqual(["eslint", "prettier", "tsc", "vitest"]);

    const second = await runCliInProcess(repo.dir, [], { GATES_SPY_LOG: spy });
    expect(second.code, debug(second)).toBe(0);
    expect(second.stdout).toContain("already verified");
    expect(spyLines(spy)).toHaveLength(4);
    // The stamp hit's report is assembled without the schemas: it must still be a valid one.
    const hit = await runCliInProcess(repo.dir, ["--json"], { GATES_SPY_LOG: spy });
    expect(hit.code, debug(hit)).toBe(0);
    expect(GatesReportSchema.parse(JSON.parse(hit.stdout))).toMatchObject({
      status: "pass",
      already_verified: true,
      stages: [],
    });
    expect(spyLines(spy)).toHaveLength(4);

    repo.write(
      "src/math.ts",
      repo.read("src/math.ts").replace("return add(a, a);", "return add(a, a) ;"),
    );
    const third = await runCliInProcess(repo.dir, ["--only", "format"], { GATES_SPY_LOG: spy });
    expect(third.stdout).not.toContain("already verified");
    expect(third.code, debug(third)).toBe(1);
    expect(
      spyLines(spy)
        .slice(4)
        .map((line) => line.split(" ")[0])[0],
    ).toBe("prettier");
    expect(third.report?.findings[0]).toMatchObject({
      stage: "format",
      file: "src/math.ts",
      rule: "prettier",
    });
  });

  it("a changed setting (--mode) is a different stamp", async () => {
    // Tool stages off: this is about the stamp, not the tools. (--only never stamps.)
    const repo = makeRepo({
      ".verify/gates.yaml":
        "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n",
    });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    repo.commit("work");
    const first = await runCliInProcess(repo.dir, []);
    expect(first.code, debug(first)).toBe(0);
    // No test command, so crap has no coverage to judge by: it skips before parsing anything.
    expect(first.report?.stages.find((s) => s.stage === "crap")).toMatchObject({
      status: "skip",
      reason: "no test command, so no coverage",
    });
    expect((await runCliInProcess(repo.dir, [])).stdout).toContain("already verified");
    // The work is committed and the tree clean, so the default mode is post-commit (seed 004).
    expect(first.report?.stages.some((s) => s.stage === "git-clean")).toBe(true);
    const other = await runCliInProcess(repo.dir, ["--mode", "pre-commit"]);
    expect(other.code, debug(other)).toBe(0);
    expect(other.stdout).not.toContain("already verified");
  });
});
