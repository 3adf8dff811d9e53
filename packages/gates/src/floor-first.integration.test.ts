import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, makeRepo, runCli, type Repo } from "../test/fixture.js";

// Built from pieces so no secret-shaped literal sits in this file.
const TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" + "k1L2m3N4o5P6q7R8";

const CASES: Array<{
  stage: string;
  extra?: Record<string, string>;
  change: (repo: Repo) => void;
}> = [
  {
    stage: "floor",
    change: (repo) =>
      repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.sk" + "ip(")),
  },
  {
    stage: "scope",
    extra: { ".verify/gates.yaml": "scope:\n  block: [src/math.ts]\n" },
    change: (repo) => repo.write("src/math.ts", repo.read("src/math.ts") + "// touched\n"),
  },
  {
    stage: "secrets",
    change: (repo) => repo.write("src/config.ts", `export const token = "${TOKEN}";\n`),
  },
];

describe("floor first: a failing floor, scope or secrets stage stops the run before any tool", () => {
  it.each(CASES)(
    "$stage fails → typecheck, lint, format, tests and crap never start",
    async (c) => {
      const repo = makeRepo(c.extra);
      c.change(repo);
      const spy = join(mkdtempSync(join(tmpdir(), "gates-spy-")), "tools.log");
      writeFileSync(spy, "");
      const result = await runCliInProcess(repo.dir, [], { GATES_SPY_LOG: spy });
      expect(result.code, debug(result)).toBe(1);
      const stages = result.report?.stages ?? [];
      expect(stages.find((s) => s.stage === c.stage)?.status).toBe("fail");
      for (const name of ["typecheck", "lint", "format", "tests", "crap"]) {
        expect(stages.find((s) => s.stage === name)).toMatchObject({
          status: "skip",
          reason: `not run: the ${c.stage} stage failed`,
        });
      }
      expect(existsSync(spy) ? readFileSync(spy, "utf8") : "").toBe("");
    },
  );

  it("a green floor lets the tool stages run", () => {
    const repo = makeRepo();
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const result = runCli(repo.dir, ["--only", "floor,scope,secrets,typecheck"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.stages.find((s) => s.stage === "typecheck")?.status).toBe("pass");
  });
});
