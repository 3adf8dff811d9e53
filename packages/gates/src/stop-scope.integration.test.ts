import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { eventually, isRunning } from "../test/processes.js";
import { debug, makeRepo, runInProcess, type CliResult, type Repo } from "../test/fixture.js";

// Issue 36 §4: a stop runs what the change can affect, and a hook's run stops at the first red.
const stage = (result: CliResult, name: string) =>
  result.report?.stages.find((s) => s.stage === name);

describe("a change with no code runs no test suite", () => {
  it("docs only, an .mdx page among them (issue 46 §3): the tests and the typecheck are skipped and the summary says why", async () => {
    const repo = makeRepo();
    repo.write("README.md", "# notes\n\nHow to add numbers.\n");
    repo.write("docs/usage.md", "Call add.\n");
    repo.write("docs/guide.mdx", "# Guide\n\n<Note>Call add.</Note>\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    expect(stage(result, "tests")).toMatchObject({
      status: "skip",
      reason: "no code changed (only README.md, docs/guide.mdx, docs/usage.md)",
    });
    expect(stage(result, "typecheck")?.status).toBe("skip");
    expect(result.report?.tests).toBeUndefined();
    expect(result.summary).toContain(
      "tests (no code changed (only README.md, docs/guide.mdx, docs/usage.md))",
    );
  });

  // Which changes hold code (a markdown fixture under a tests folder, docs beside a source
  // change) is noCodeReason's table in stop-scope.test.ts; a change that holds code runs the
  // suite in "outside the hook every stage still runs" below.
});

describe("stop at the first red stage (the Stop hook's run)", () => {
  const lintRed = (extra: Record<string, string> = {}) => {
    const repo = makeRepo(extra);
    repo.write(
      "src/math.ts",
      repo.read("src/math.ts") +
        "export function two(): number {\n  const unused = 1;\n  return 2;\n}\n",
    );
    return repo;
  };

  /**
   * One Stop hook run serves the kill and the hook's answer: the change's red lint and a slow test
   * of the suite, with a session's loop armed. Deterministic: the repository's eslint config waits
   * (up to a minute) until the slow test has started, so the lint turns red while the suite is
   * running, never before it starts. No typecheck or format: green ones would only wait beside
   * the lint.
   */
  let hookRun:
    Promise<{ repo: Repo; result: CliResult; pidFile: string; before: string[] }> | undefined;
  const mine = () =>
    readdirSync(tmpdir()).filter((name) => name.startsWith(`verify-gates-base-${process.pid}-`));
  const stopWithSlowSuite = () =>
    (hookRun ??= (async () => {
      const pidFile = join(tmpdir(), `gates-slow-test-${process.pid}-${Date.now()}.pid`);
      const repo = lintRed({
        ".verify/gates.yaml": "commands:\n  typecheck: false\n  format: false\n",
        "eslint.config.js": [
          'import { existsSync } from "node:fs";',
          'import tseslint from "typescript-eslint";',
          "for (let waited = 0; waited < 60_000 && !existsSync(" +
            JSON.stringify(pidFile) +
            "); waited += 100)",
          "  await new Promise((done) => setTimeout(done, 100));",
          "export default tseslint.config(...tseslint.configs.recommended, {",
          '  rules: { "@typescript-eslint/no-unused-vars": "error" },',
          "});",
          "",
        ].join("\n"),
        "src/slow.test.ts": [
          'import { it } from "vitest";',
          'import { add } from "./math.js";',
          "",
          "// The fixture's tsconfig has no Node types.",
          "declare const process: { pid: number };",
          "declare function setTimeout(run: () => void, ms: number): unknown;",
          "type Fs = { writeFileSync(path: string, text: string): void };",
          "",
          'it("takes minutes", async () => {',
          '  const fs = (await import(["node", "fs"].join(":"))) as Fs;',
          `  fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
          "  await new Promise((done) => setTimeout(() => done(undefined), 240_000 + add(0, 0)));",
          "}, 300_000);",
          "",
        ].join("\n"),
      });
      const session = "5a1c2a9e-7b4d-4e21-9c0a-5d6e7f8a9b0c";
      const started = await runCliInProcess(repo.dir, ["loop", "start", "--session", session]);
      expect(started.code, debug(started)).toBe(0);
      const before = mine();
      const input = JSON.stringify({ session_id: session, cwd: repo.dir, hook_event_name: "Stop" });
      // Were the suite not killed, this run would wait four minutes for the slow test.
      const result = await runCliInProcess(repo.dir, ["hook"], {}, input);
      return { repo, result, pidFile, before };
    })());

  it("the suite runs beside the static tools, and a red lint kills it", async () => {
    const { result, pidFile } = await stopWithSlowSuite();
    expect(stage(result, "lint")?.status, debug(result)).toBe("fail");
    expect(stage(result, "tests")).toMatchObject({
      status: "skip",
      reason: "not run: the lint stage failed",
    });
    expect(existsSync(pidFile), "the slow test started beside the lint").toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    // Its group got SIGTERM, then SIGKILL after the grace: gone within seconds, not minutes.
    expect(await eventually(() => !isRunning(pid)), "the slow test's process is gone").toBe(true);
    rmSync(pidFile, { force: true });
  }, 150_000);

  it("outside the hook every stage still runs", async () => {
    const repo = lintRed();
    // The red static stage and the suite: without stopAtFirstRed the red lint calls nothing off.
    const result = await runInProcess(repo.dir, { only: ["lint", "tests"] });
    expect(result.code, debug(result)).toBe(1);
    expect(stage(result, "lint")?.status).toBe("fail");
    expect(stage(result, "tests")?.status).toBe("pass");
  });

  it("the Stop hook's run (stopAtFirstRed) blocks on the red lint: tests and CRAP unrun, named with why; the called-off suite's tree and worktree are gone", async () => {
    const { repo, result, before } = await stopWithSlowSuite();
    const answer = JSON.parse(result.stdout) as { decision: string; reason: string };
    expect(answer.decision, debug(result)).toBe("block");
    expect(answer.reason).toContain("tests (not run: the lint stage failed)");
    expect(answer.reason).toContain("crap (not run: the lint stage failed)");
    // The run's report and summary, as the hook left them in .verify/ (a red run: exit 1).
    expect(result.report?.status).toBe("fail");
    expect(stage(result, "lint")?.status).toBe("fail");
    for (const name of ["tests", "crap"])
      expect(stage(result, name)).toEqual(
        expect.objectContaining({ status: "skip", reason: "not run: the lint stage failed" }),
      );
    expect(result.summary).toContain("tests (not run: the lint stage failed)");
    // The suite running beside the lint was called off: its tree and worktree are gone.
    expect(mine()).toEqual(before);
    const worktrees = execFileSync("git", ["worktree", "list", "--porcelain"], {
      cwd: repo.dir,
      encoding: "utf8",
    });
    expect(worktrees.match(/^worktree /gm)).toHaveLength(1);
  });
});
