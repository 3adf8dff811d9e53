import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, makeRepo, runInProcess, type CliResult } from "../test/fixture.js";

// Issue 36 §4: a stop runs what the change can affect, and a hook's run stops at the first red.
const stage = (result: CliResult, name: string) =>
  result.report?.stages.find((s) => s.stage === name);

describe("a change with no code runs no test suite", () => {
  it("docs only: the tests and the typecheck are skipped and the summary says why", async () => {
    const repo = makeRepo();
    repo.write("README.md", "# notes\n\nHow to add numbers.\n");
    repo.write("docs/usage.md", "Call add.\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    expect(stage(result, "tests")).toMatchObject({
      status: "skip",
      reason: "no code changed (only README.md, docs/usage.md)",
    });
    expect(stage(result, "typecheck")?.status).toBe("skip");
    expect(result.report?.tests).toBeUndefined();
    expect(result.summary).toContain("tests (no code changed (only README.md, docs/usage.md))");
  });

  it("a markdown fixture under a tests folder is the oracle's: the suite runs", async () => {
    const repo = makeRepo();
    repo.write("src/__fixtures__/input.md", "# read by a test\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(stage(result, "tests")?.status, debug(result)).toBe("pass");
  });

  it("docs beside a source change: the suite runs", async () => {
    const repo = makeRepo();
    repo.write("README.md", "# notes\n");
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(stage(result, "tests")?.status, debug(result)).toBe("pass");
  });
});

describe("stop at the first red stage (the Stop hook's run)", () => {
  const lintRed = () => {
    const repo = makeRepo();
    repo.write(
      "src/math.ts",
      repo.read("src/math.ts") +
        "export function two(): number {\n  const unused = 1;\n  return 2;\n}\n",
    );
    return repo;
  };

  it("with stopAtFirstRed a red lint leaves the tests and CRAP unrun, named with why", async () => {
    const repo = lintRed();
    const result = await runInProcess(repo.dir, { stopAtFirstRed: true });
    expect(result.code, debug(result)).toBe(1);
    expect(stage(result, "lint")?.status).toBe("fail");
    for (const name of ["tests", "crap"])
      expect(stage(result, name)).toEqual(
        expect.objectContaining({ status: "skip", reason: "not run: the lint stage failed" }),
      );
    expect(result.summary).toContain("tests (not run: the lint stage failed)");
  });

  it("the tests' tree made beside the static tools is removed when a red lint leaves it unused", async () => {
    const repo = lintRed();
    const mine = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith(`verify-gates-base-${process.pid}-`));
    const before = mine();
    const result = await runInProcess(repo.dir, { stopAtFirstRed: true });
    expect(stage(result, "tests")?.status, debug(result)).toBe("skip");
    expect(mine()).toEqual(before);
    const worktrees = execFileSync("git", ["worktree", "list", "--porcelain"], {
      cwd: repo.dir,
      encoding: "utf8",
    });
    expect(worktrees.match(/^worktree /gm)).toHaveLength(1);
  });

  it("outside the hook every stage still runs", async () => {
    const repo = lintRed();
    const result = await runInProcess(repo.dir, {});
    expect(result.code, debug(result)).toBe(1);
    expect(stage(result, "lint")?.status).toBe("fail");
    expect(stage(result, "tests")?.status).toBe("pass");
  });

  it("the Stop hook blocks on the red lint and its message names the stages that did not run", async () => {
    const repo = lintRed();
    const session = "5a1c2a9e-7b4d-4e21-9c0a-5d6e7f8a9b0c";
    const started = await runCliInProcess(repo.dir, ["loop", "start", "--session", session]);
    expect(started.code, debug(started)).toBe(0);
    const input = JSON.stringify({ session_id: session, cwd: repo.dir, hook_event_name: "Stop" });
    const result = await runCliInProcess(repo.dir, ["hook"], {}, input);
    const answer = JSON.parse(result.stdout) as { decision: string; reason: string };
    expect(answer.decision, debug(result)).toBe("block");
    expect(answer.reason).toContain("tests (not run: the lint stage failed)");
    expect(answer.reason).toContain("crap (not run: the lint stage failed)");
  });
});
