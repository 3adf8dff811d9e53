import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentLoopSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// The bin runs "install never overwrites…" and "prints the decision…"; the other branches of
// the same commands go through them in this process (runCliInProcess).

const settingsOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8")) as {
    hooks: Record<string, Array<{ matcher?: string; hooks: Array<Record<string, unknown>> }>>;
  } & Record<string, unknown>;

describe("verify-gates loop", () => {
  it("start writes the loop file (iteration 0, max 5 by default), status reads it, stop removes it", async () => {
    const repo = makeRepo();
    const start = await runCliInProcess(repo.dir, [
      "loop",
      "start",
      "--session",
      "s-1",
      "--task-file",
      "TASK.md",
    ]);
    expect(start.code, debug(start)).toBe(0);
    const loop = AgentLoopSchema.parse(JSON.parse(repo.read(".verify/agent-loop.json")));
    expect(loop).toMatchObject({
      session_id: "s-1",
      iteration: 0,
      max_iterations: 5,
      task_file: join(repo.dir, "TASK.md"),
    });
    const status = await runCliInProcess(repo.dir, ["loop", "status"]);
    expect(status.stdout).toBe("loop: session s-1, iteration 0 of 5\n");
    const again = await runCliInProcess(repo.dir, [
      "loop",
      "start",
      "--session",
      "s-2",
      "--max-iterations",
      "3",
    ]);
    expect(again.stderr).toContain("replaced the loop of session s-1");
    const stop = await runCliInProcess(repo.dir, ["loop", "stop"]);
    expect(stop.stdout).toBe("loop stopped (.verify/agent-loop.json removed)\n");
    expect(existsSync(join(repo.dir, ".verify", "agent-loop.json"))).toBe(false);
    expect((await runCliInProcess(repo.dir, ["loop", "stop"])).stdout).toBe("no loop to stop\n");
    expect((await runCliInProcess(repo.dir, ["loop", "status", "--json"])).stdout).toBe("null\n");
  });

  it.each([
    [["loop", "start"], "required option '--session <id>' not specified"],
    [
      ["loop", "start", "--session", "s", "--max-iterations", "0"],
      "--max-iterations: expected a positive whole number, got '0'",
    ],
    [["loop", "start", "--session", "a b"], "--session: 'a b' is not a session id"],
    [["hook", "--format", "xml"], "argument 'xml' is invalid"],
  ])("%j → exit 2 with one line", async (args, message) => {
    const repo = makeRepo();
    const result = await runCliInProcess(repo.dir, args);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("install merges the Stop and SubagentStop hooks into existing settings, once", async () => {
    const repo = makeRepo();
    const mine = {
      permissions: { allow: ["Bash(pnpm test)"] },
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "my-own-stop-hook" }] }],
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard" }] }],
      },
    };
    repo.write(".claude/settings.json", JSON.stringify(mine, null, 2));
    const first = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(first.code, debug(first)).toBe(0);
    expect(first.stdout).toContain("added the verify-gates hook to Stop and SubagentStop");
    const settings = settingsOf(repo.dir);
    expect(settings.permissions).toEqual(mine.permissions);
    expect(settings.hooks.PreToolUse).toEqual(mine.hooks.PreToolUse);
    const hook = {
      type: "command",
      command: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/verify-gates hook',
      timeout: 600,
    };
    expect(settings.hooks.Stop).toEqual([...mine.hooks.Stop, { hooks: [hook] }]);
    expect(settings.hooks.SubagentStop).toEqual([{ hooks: [hook] }]);
    const second = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(second.stdout).toContain("already there, nothing changed");
    expect(settingsOf(repo.dir)).toEqual(settings);
  });

  it("install never overwrites settings it cannot read", () => {
    const repo = makeRepo();
    repo.write(".claude/settings.json", "{ not json");
    const result = runCli(repo.dir, ["loop", "install"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stderr).toMatch(/settings\.json: not JSON .*; left unchanged\n$/);
    expect(repo.read(".claude/settings.json")).toBe("{ not json");
  });

  it("install writes a new settings file with --command and --timeout", async () => {
    const repo = makeRepo();
    const result = await runCliInProcess(repo.dir, [
      "loop",
      "install",
      "--command",
      "npx verify-gates hook",
      "--timeout",
      "900",
    ]);
    expect(result.code, debug(result)).toBe(0);
    expect(settingsOf(repo.dir).hooks.Stop).toEqual([
      { hooks: [{ type: "command", command: "npx verify-gates hook", timeout: 900 }] },
    ]);
  });
});

describe("verify-gates verdict", () => {
  // Needs no repository: it reads only stdin.
  const verdict = (input: string, args: string[] = []) =>
    runCliInProcess(mkdtempSync(join(tmpdir(), "gates-verdict-")), ["verdict", ...args], {}, input);
  const verdictBin = (input: string) =>
    runCli(mkdtempSync(join(tmpdir(), "gates-verdict-")), ["verdict"], {}, input);
  const pass = {
    task_id: "T",
    criteria: [{ id: "AC-01", status: "PASS", evidence: "ok" }],
    decision: "PASS",
  };
  const fail = {
    task_id: "T",
    criteria: [{ id: "AC-02", status: "FAIL", evidence: "no" }],
    fix_forward: ["do x"],
  };

  it.each([
    ["all pass", 0, "PASS", JSON.stringify([pass, pass])],
    ["one fails", 1, "FAIL", JSON.stringify([pass, fail])],
    ["one missing (null)", 1, "NEEDS_HUMAN", JSON.stringify([pass, null])],
    [
      "a raw judge output with a sentinel block",
      0,
      "PASS",
      JSON.stringify(["```deadfish:VERDICT\ncriteria:\n- id: AC-01\nstatus: PASS\n```"]),
    ],
    ["one verdict object", 1, "FAIL", JSON.stringify(fail)],
    ["not JSON and no block", 1, "NEEDS_HUMAN", "it is fine"],
    ["empty stdin", 1, "NEEDS_HUMAN", ""],
    ["an empty list", 1, "NEEDS_HUMAN", "[]"],
  ])("%s → exit %i, %s", async (_name, code, decision, input) => {
    const result = await verdict(input, ["--json"]);
    expect(result.code, debug(result)).toBe(code);
    expect(JSON.parse(result.stdout)).toMatchObject({ schema_version: 1, decision });
  });

  it("prints the decision, each criterion and the next actions", () => {
    const result = verdictBin(JSON.stringify([pass, fail]));
    expect(result.stdout).toBe("FAIL\n- AC-01 PASS: ok\n- AC-02 FAIL: no\nnext: do x\n");
  });
});
