import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, git, makeRepo, runInProcess, type Repo } from "../../test/fixture.js";

// Issue 24 §1: each of these let a red change through, or a loop vanish, before the fix.
const SESSION = "6a1d0c3e-2b4f-4c1a-9d8e-7f6a5b4c3d2e";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
// No $CLAUDE_PROJECT_DIR unless a test sets it: the hook must find the loop without it.
const NO_PROJECT = { CLAUDE_PROJECT_DIR: "" };

const stop = (cwd: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: SESSION,
    transcript_path: "/tmp/transcript.jsonl",
    cwd,
    permission_mode: "default",
    hook_event_name: "Stop",
    stop_hook_active: false,
    ...extra,
  });

const subagentStop = (cwd: string, agent: string) =>
  stop(cwd, {
    hook_event_name: "SubagentStop",
    agent_id: agent,
    agent_type: "implementer",
    agent_transcript_path: "/tmp/agent.jsonl",
  });

const hook = (cwd: string, input: string, env: Record<string, string> = NO_PROJECT) =>
  runCliInProcess(cwd, ["hook"], env, input);

const status = async (dir: string) => (await runCliInProcess(dir, ["loop", "status"])).stdout;

/** The fixture with a red change in the project (a focused test), and a clean worktree of HEAD. */
function projectAndWorktree(): { repo: Repo; tree: string } {
  const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
  const tree = join(mkdtempSync(join(tmpdir(), "gates-wt-")), "impl");
  git(repo.dir, "worktree", "add", "-q", "-b", "impl", tree);
  repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
  return { repo, tree };
}

describe("issue 24 §1: holes in the agent loop", () => {
  it("a green SubagentStop never ends the parent's loop: the parent still cannot stop red", async () => {
    const { repo, tree } = projectAndWorktree();
    const started = await runCliInProcess(repo.dir, ["loop", "start", "--session", SESSION]);
    expect(started.code, debug(started)).toBe(0);
    const sub = await hook(tree, subagentStop(tree, "a-green"), { CLAUDE_PROJECT_DIR: repo.dir });
    expect(sub.code, debug(sub)).toBe(0);
    expect(sub.stdout).toBe("");
    expect(await status(repo.dir)).toContain(`session ${SESSION}, iteration 0 of 5`);
    const parent = await hook(repo.dir, stop(repo.dir));
    expect(JSON.parse(parent.stdout)).toMatchObject({ decision: "block" });
  });

  it("a red SubagentStop is gated in its worktree without $CLAUDE_PROJECT_DIR, and its blocks are its own", async () => {
    const { repo, tree } = projectAndWorktree();
    await runCliInProcess(repo.dir, [
      "loop",
      "start",
      "--session",
      SESSION,
      "--max-iterations",
      "2",
    ]);
    const test = readFileSync(join(tree, "src/math.test.ts"), "utf8");
    writeFileSync(join(tree, "src/math.test.ts"), test.replace("it(", "it.sk" + "ip("));
    for (let i = 1; i <= 2; i++) {
      const sub = await hook(tree, subagentStop(tree, "a-red"));
      expect(sub.code, debug(sub)).toBe(0);
      expect(JSON.parse(sub.stdout)).toMatchObject({ decision: "block" });
      expect(JSON.parse(sub.stdout).reason).toContain("src/math.test.ts:4 [floor/");
    }
    // Two subagent blocks, and the parent's cap of 2 is untouched.
    expect(await status(repo.dir)).toContain(`session ${SESSION}, iteration 0 of 2`);
    const parent = await hook(repo.dir, stop(repo.dir));
    expect(JSON.parse(parent.stdout)).toMatchObject({ decision: "block" });
  });

  it("a second loop start for another session keeps the first session's loop", async () => {
    const { repo } = projectAndWorktree();
    await runCliInProcess(repo.dir, ["loop", "start", "--session", SESSION]);
    const other = await runCliInProcess(repo.dir, ["loop", "start", "--session", "other-session"]);
    expect(other.code, debug(other)).toBe(0);
    expect(other.stderr).not.toContain("replaced");
    const shown = await status(repo.dir);
    expect(shown).toContain(`session ${SESSION}, iteration 0 of 5`);
    expect(shown).toContain("session other-session, iteration 0 of 5");
    const mine = await hook(repo.dir, stop(repo.dir));
    expect(JSON.parse(mine.stdout)).toMatchObject({ decision: "block" });
    const theirs = await hook(repo.dir, stop(repo.dir, { session_id: "other-session" }));
    expect(JSON.parse(theirs.stdout)).toMatchObject({ decision: "block" });
  });

  it("the files loop install writes never count against the change (scope, diff budget)", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": `${NO_TOOLS}diff_budget: 3\nscope:\n  allow: ["src/**"]\n`,
    });
    const installed = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(installed.code, debug(installed)).toBe(0);
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const result = await runInProcess(repo.dir, {});
    expect(result.code, debug(result)).toBe(0);
    const changed = JSON.stringify(result.report);
    expect(changed).not.toContain(".claude/");
  });
});

describe("the tool's own files: only what loop install wrote is left out", () => {
  it("removing the installed hook, or any other edit of the settings, is part of the change", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": `${NO_TOOLS}scope:\n  allow: ["src/**"]\n` });
    await runCliInProcess(repo.dir, ["loop", "install"]);
    repo.commit("wire the loop");
    const settings = JSON.parse(repo.read(".claude/settings.json")) as {
      hooks: Record<string, unknown>;
    };
    delete settings.hooks.Stop;
    repo.write(".claude/settings.json", JSON.stringify(settings, null, 2));
    repo.write(".claude/commands/verify-loop.md", "do nothing\n");
    const result = await runInProcess(repo.dir, {});
    expect(result.code, debug(result)).toBe(1);
    const flagged = (result.report?.findings ?? []).map((f) => `${f.file} ${f.rule}`);
    expect(flagged).toEqual([
      ".claude/commands/verify-loop.md out-of-scope",
      ".claude/settings.json out-of-scope",
    ]);
  });
});
