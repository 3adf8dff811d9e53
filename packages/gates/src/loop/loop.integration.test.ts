import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { BIN, debug, makeRepo, runCli } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

// The bin runs "install never overwrites…" and "prints the decision…"; the other branches of
// the same commands go through them in this process (runCliInProcess).

const settingsOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8")) as {
    hooks: Record<string, Array<{ matcher?: string; hooks: Array<Record<string, unknown>> }>>;
  } & Record<string, unknown>;

describe("verify-gates loop", () => {
  it("start arms the loop in the state folder (iteration 0, max 5 by default, an oracle, the task), status reads it, stop disarms it", async () => {
    const repo = makeRepo({ "TASK.md": "# Add numbers\n" });
    const start = await runCliInProcess(repo.dir, [
      "loop",
      "start",
      "--session",
      "s-1",
      "--task-file",
      "TASK.md",
    ]);
    expect(start.code, debug(start)).toBe(0);
    expect(start.stdout).toMatch(
      /^loop started: session s-1, up to 5 blocked stops, oracle \w+\n$/,
    );
    expect(existsSync(join(repo.dir, ".verify", "agent-loops"))).toBe(false);
    expect(await loopOf(repo.dir, "s-1")).toMatchObject({
      session_id: "s-1",
      iteration: 0,
      max_iterations: 5,
      task_file: join(repo.dir, "TASK.md"),
      task_snapshot: expect.stringMatching(/^[0-9a-f]{64}$/),
      root: realpathSync(repo.dir),
      oracle_snapshot: expect.stringMatching(/^\w+$/),
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
    // Another session's start keeps s-1's loop; a bare stop must then name the session.
    expect(again.stderr).toBe("");
    const ambiguous = await runCliInProcess(repo.dir, ["loop", "stop"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(
      "2 sessions have an active loop here (s-1, s-2): pass --session ID",
    );
    const stop = await runCliInProcess(repo.dir, ["loop", "stop", "--session", "s-1"], {
      CLAUDECODE: "",
    });
    expect(stop.stdout).toBe(
      "loop stopped: session s-1 disarmed by the user, recorded as not verified\n",
    );
    expect(await loopOf(repo.dir, "s-1")).toMatchObject({ state: "disarmed", ended_by: "user" });
    const rearm = await runCliInProcess(repo.dir, ["loop", "start", "--session", "s-2"], {
      CLAUDECODE: "",
    });
    // Issue 48 §2: re-arming an armed loop goes on with it, never starts it over.
    expect(rearm.stdout).toContain("loop already armed: session s-2 goes on at iteration 0");
    expect((await runCliInProcess(repo.dir, ["loop", "stop"])).stdout).toContain("session s-2");
    expect((await runCliInProcess(repo.dir, ["loop", "stop"])).stdout).toBe(
      "no active loop to stop\n",
    );
    const all = JSON.parse((await runCliInProcess(repo.dir, ["loop", "status", "--json"])).stdout);
    expect(all.map((l: { state: string }) => l.state)).toEqual(["disarmed", "disarmed"]);
    const one = ["loop", "status", "--json", "--session", "s-3"];
    expect((await runCliInProcess(repo.dir, one)).stdout).toBe("null\n");
  });

  it.each([
    [["loop", "start"], "no session id given, and the hooks' record cannot say which session"],
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

  it("install merges the Stop, SubagentStop, SessionStart and UserPromptSubmit hooks and writes /verify-loop, once", async () => {
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
    expect(first.stdout).toContain(
      "added the verify-gates hook to Stop, SubagentStop, SessionStart, UserPromptSubmit",
    );
    expect(first.stdout).toContain("verify-loop.md: written: type /verify-loop to arm the loop");
    const settings = settingsOf(repo.dir);
    expect(settings.permissions).toEqual(mine.permissions);
    expect(settings.hooks.PreToolUse).toEqual(mine.hooks.PreToolUse);
    // The hooks run a copy of verify-gates in the state folder, named by its digest (issue 48 §3).
    const ran = (settings.hooks.Stop as Array<{ hooks: Array<{ command: string }> }>).at(-1)
      ?.hooks[0]?.command;
    const copy = /^'(\/.+\/bin\/[0-9a-f]{64}\/bin\/verify-gates\.js)' hook$/.exec(ran ?? "")?.[1];
    expect(copy, ran).toBeDefined();
    expect(copy?.startsWith(repo.dir)).toBe(false);
    expect(readFileSync(copy ?? "", "utf8")).toBe(readFileSync(BIN, "utf8"));
    const hook = { type: "command", command: `'${copy}' hook`, timeout: 600 };
    // A gating hook that cannot start, times out or crashes blocks the stop (Claude Code's onFailure).
    const gating = { ...hook, onFailure: "block" };
    expect(settings.hooks.Stop).toEqual([...mine.hooks.Stop, { hooks: [gating] }]);
    expect(settings.hooks.SubagentStop).toEqual([{ hooks: [gating] }]);
    // Recording the session is quick: a short timeout, and a failed record never blocks.
    for (const event of ["SessionStart", "UserPromptSubmit"])
      expect(settings.hooks[event]).toEqual([{ hooks: [{ ...hook, timeout: 30 }] }]);
    const command = repo.read(".claude/commands/verify-loop.md");
    expect(command).toMatch(/^---\ndescription: /);
    expect(command).toContain(`'${copy}' loop start --session "\${CLAUDE_SESSION_ID}" $ARGUMENTS`);
    expect(command).toContain(`'${copy}' loop escalate --session "\${CLAUDE_SESSION_ID}" --reason`);
    const second = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(second.stdout).toContain("already there, nothing changed");
    expect(second.stdout).toContain("verify-loop.md: already there");
    expect(settingsOf(repo.dir)).toEqual(settings);
    // A /verify-loop of the user's own is never replaced.
    repo.write(".claude/commands/verify-loop.md", "mine\n");
    const third = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(third.stdout).toContain("a file of yours is there, left unchanged");
    expect(repo.read(".claude/commands/verify-loop.md")).toBe("mine\n");
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
      {
        hooks: [
          { type: "command", command: "npx verify-gates hook", timeout: 900, onFailure: "block" },
        ],
      },
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
