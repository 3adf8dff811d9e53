import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentLoopLogEntrySchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { installedBin } from "../../test/claude-code.js";
import { debug, git, makeRepo, runCli } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

// The hook driven as Claude Code drives it: the bin, one JSON payload on stdin per event, in the
// documented shapes (common fields, then each event's own), a real repository and worktree. After
// `loop install` only the installed copy may answer a loop's stop (checkInstall), so every stop
// of A's loop goes through it; the events no loop gates (B's start and stop, A's prompt) and
// `loop start` run the same commands in this process.
const A = "9b2e4f6a-1c3d-4e5f-8a7b-6c5d4e3f2a1b";
const B = "0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const HOOK_ENV = { CLAUDE_PROJECT_DIR: "" };

const common = (session: string, cwd: string, event: string) => ({
  session_id: session,
  transcript_path: `/home/u/.claude/projects/p/${session}.jsonl`,
  cwd,
  permission_mode: "default",
  hook_event_name: event,
});
const sessionStart = (s: string, cwd: string) => ({
  ...common(s, cwd, "SessionStart"),
  source: "startup",
  model: "claude",
});
const prompt = (s: string, cwd: string, text: string) => ({
  ...common(s, cwd, "UserPromptSubmit"),
  prompt: text,
});
const stop = (s: string, cwd: string, active: boolean) => ({
  ...common(s, cwd, "Stop"),
  stop_hook_active: active,
  last_assistant_message: "Done.",
});
const subagentStop = (s: string, cwd: string, agent: string) => ({
  ...common(s, cwd, "SubagentStop"),
  stop_hook_active: false,
  agent_id: agent,
  agent_type: "implementer",
  agent_transcript_path: `/home/u/.claude/projects/p/${s}/subagents/agent-${agent}.jsonl`,
  last_assistant_message: "Implemented.",
});

/** The hooks run the copy `loop install` made (issue 48 §3): set once the test installed. */
let hookBin: string | undefined;
const hook = (cwd: string, payload: object, env: Record<string, string> = HOOK_ENV) =>
  runCli(cwd, ["hook"], env, JSON.stringify(payload), hookBin);
/** The same hook command in this process (cli-in-process.ts). */
const hookHere = (cwd: string, payload: object, env: Record<string, string> = HOOK_ENV) =>
  runCliInProcess(cwd, ["hook"], env, JSON.stringify(payload));
const logOf = (dir: string) =>
  readFileSync(join(dir, ".verify", "agent-loop.log.jsonl"), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => AgentLoopLogEntrySchema.parse(JSON.parse(line)));

describe("a Claude Code session, payload by payload", () => {
  it("install, SessionStart, /verify-loop, red stops blocked, a subagent gated in its worktree, the cap", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const tree = join(mkdtempSync(join(tmpdir(), "gates-wt-")), "impl");
    git(repo.dir, "worktree", "add", "-q", "-b", "impl", tree);
    const install = runCli(repo.dir, ["loop", "install"]);
    expect(install.code, debug(install)).toBe(0);
    hookBin = installedBin(repo.dir);

    // Two sessions start in the repo; SessionStart prints nothing (its stdout would be context).
    for (const started of [
      hook(repo.dir, sessionStart(A, repo.dir)),
      await hookHere(repo.dir, sessionStart(B, repo.dir)),
    ]) {
      expect(started.code, debug(started)).toBe(0);
      expect(started.stdout).toBe("");
    }
    // A types /verify-loop: its prompt is the latest, so `loop start` with no --session is A's.
    const typed = await hookHere(repo.dir, prompt(A, repo.dir, "/verify-loop --max-iterations 3"));
    expect(typed.stdout).toBe("");
    const armed = await runCliInProcess(repo.dir, ["loop", "start", "--max-iterations", "3"]);
    expect(armed.code, debug(armed)).toBe(0);
    expect(armed.stdout).toContain(
      `loop started: session ${A} (its /verify-loop prompt, recorded by the hook)`,
    );

    // The agent leaves a red change (a focused test) and tries to stop, again and again.
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
    const first = hook(repo.dir, stop(A, repo.dir, false));
    expect(first.code, debug(first)).toBe(0);
    const blocked = JSON.parse(first.stdout) as { decision: string; reason: string };
    expect(blocked.decision).toBe("block");
    expect(blocked.reason).toContain("iteration 1 of 3");
    expect(blocked.reason).toContain("src/math.test.ts:4 [floor/");
    expect(JSON.parse(hook(repo.dir, stop(A, repo.dir, true)).stdout)).toMatchObject({
      decision: "block",
    });

    // A subagent finishes green in its worktree: allowed, and the parent's loop goes on.
    writeFileSync(
      join(tree, "src/math.ts"),
      `${readFileSync(join(tree, "src/math.ts"), "utf8")}export const one = 1;\n`,
    );
    const sub = hook(tree, subagentStop(A, tree, "impl-1"));
    expect(sub.code, debug(sub)).toBe(0);
    expect(sub.stdout).toBe("");
    expect(sub.stderr).toContain("gates passed: loop (subagent impl-1) ended");
    expect(existsSync(join(tree, ".verify", "gates.json"))).toBe(true);
    expect(await loopOf(repo.dir, A)).toMatchObject({ iteration: 2, consecutive_blocks: 2 });

    // Session B is not in a loop: its stops are never touched.
    const other = await hookHere(repo.dir, stop(B, repo.dir, false));
    expect(other.stdout).toBe("");
    expect(other.stderr).toContain(`no loop for session ${B}`);

    expect(JSON.parse(hook(repo.dir, stop(A, repo.dir, true)).stdout)).toMatchObject({
      decision: "block",
    });
    // At max_iterations the stop is allowed, the user told what is still red, the loop capped.
    const capped = hook(repo.dir, stop(A, repo.dir, true));
    const message = (JSON.parse(capped.stdout) as { systemMessage: string }).systemMessage;
    expect(message).toContain("still red after 3 iterations");
    expect(message).toContain("src/math.test.ts:4 [floor/");
    expect(await loopOf(repo.dir, A)).toMatchObject({
      state: "capped",
      capped_by: "max_iterations",
      iteration: 3,
    });
    expect(logOf(repo.dir).map((e) => [e.agent_id, e.outcome, e.iteration])).toEqual([
      [null, "blocked", 1],
      [null, "blocked", 2],
      ["impl-1", "passed", 0],
      [null, "blocked", 3],
      [null, "capped", 3],
    ]);
    // Nothing the loop or install wrote is part of the change it gated.
    const report = JSON.parse(repo.read(".verify/gates.json")) as {
      changed_files: Array<{ path: string }>;
    };
    expect(report.changed_files.map((f) => f.path)).toEqual(["src/math.test.ts"]);
  });

  it("near Claude Code's own cap on consecutive blocks the stop is allowed and the loop capped", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    await runCliInProcess(repo.dir, ["loop", "start", "--session", A, "--max-iterations", "10"]);
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
    const env = { ...HOOK_ENV, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "3" };
    const run = (active: boolean) =>
      runCliInProcess(repo.dir, ["hook"], env, JSON.stringify(stop(A, repo.dir, active)));
    expect(JSON.parse((await run(false)).stdout)).toMatchObject({ decision: "block" });
    // A new turn (stop_hook_active false) starts the count again.
    expect(JSON.parse((await run(false)).stdout)).toMatchObject({ decision: "block" });
    expect(JSON.parse((await run(true)).stdout)).toMatchObject({ decision: "block" });
    const third = await run(true);
    expect(JSON.parse(third.stdout)).toEqual({
      systemMessage: expect.stringContaining(
        "after 2 blocked stops in a row (near the agent's cap of 3)",
      ),
    });
    expect(await loopOf(repo.dir, A)).toMatchObject({
      state: "capped",
      capped_by: "agent_block_cap",
      iteration: 3,
    });
    expect(logOf(repo.dir).at(-1)).toMatchObject({
      outcome: "capped",
      capped_by: "agent_block_cap",
    });
  });
});
