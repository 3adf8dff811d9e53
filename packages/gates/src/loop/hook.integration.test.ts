import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HookAnswerSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { BIN, debug, git, makeRepo, runCli, type Repo } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

const SESSION = "3f1c2a9e-7b4d-4e21-9c0a-5d6e7f8a9b0c";
// Tools off: a red floor is the failure, a green tree is quick.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

function payload(cwd: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: SESSION,
    transcript_path: "/tmp/transcript.jsonl",
    cwd,
    permission_mode: "default",
    hook_event_name: "Stop",
    stop_hook_active: false,
    ...extra,
  });
}

// The bin reads the payload and prints the answer in the first test and the generic form's
// block; the other branches go through the same command in this process.
const hook = (repo: Repo, input: string, args: string[] = [], env: Record<string, string> = {}) =>
  runCliInProcess(repo.dir, ["hook", ...args], env, input);
const start = (dir: string, ...args: string[]) =>
  runCliInProcess(dir, ["loop", "start", "--session", SESSION, ...args]);

const loopFile = (dir: string) => loopOf(dir, SESSION);

function redRepo(): Repo {
  const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
  repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it(", "it.on" + "ly("));
  return repo;
}

describe("verify-gates hook (Claude Code Stop / SubagentStop)", () => {
  it("without a loop file: allows, says why on stderr, runs nothing", () => {
    const repo = redRepo();
    const result = runCli(repo.dir, ["hook"], {}, payload(repo.dir));
    expect(result.code, debug(result)).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`allowing the stop: no loop for session ${SESSION}`);
    expect(existsSync(join(repo.dir, ".verify", "gates.json"))).toBe(false);
  });

  // The stops that gates never judges share one red repo and its loop: none of them runs gates
  // or counts an iteration, which each of them asserts.
  let armed: Promise<Repo> | undefined;
  const armedRed = () =>
    (armed ??= (async () => {
      const repo = redRepo();
      expect((await start(repo.dir)).code).toBe(0);
      return repo;
    })());

  it.each([
    ["not JSON", "{oops", "the payload on stdin is not JSON"],
    ["empty", "", "the payload on stdin is empty"],
    ["no session id", JSON.stringify({ cwd: "/tmp" }), "the payload has no usable session_id"],
  ])("a payload that is %s: allows and says why", async (_name, input, why) => {
    const repo = await armedRed();
    const result = await hook(repo, input);
    expect(result.code, debug(result)).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(why);
    expect((await loopFile(repo.dir))?.iteration).toBe(0);
  });

  it("another session's stop is never touched", async () => {
    const repo = await armedRed();
    const result = await hook(repo, JSON.stringify({ session_id: "other", cwd: repo.dir }));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("no loop for session other");
    expect(existsSync(join(repo.dir, ".verify", "gates.json"))).toBe(false);
  });

  it("a red change blocks with the summary's fix-first lines, a forced stop is gated again, the cap ends the loop", async () => {
    const repo = redRepo();
    const started = await start(repo.dir, "--max-iterations", "2");
    expect(started.code, debug(started)).toBe(0);

    const first = await hook(repo, payload(repo.dir));
    expect(first.code, debug(first)).toBe(0);
    const answer = JSON.parse(first.stdout) as { decision: string; reason: string };
    expect(answer.decision).toBe("block");
    expect(answer.reason).toContain("iteration 1 of 2");
    expect(answer.reason).toContain("fix first (");
    expect(answer.reason).toContain("src/math.test.ts:4 [floor/");
    expect(answer.reason).toContain(
      readFileSync(join(repo.dir, ".verify", "summary.txt"), "utf8").trimEnd(),
    );
    expect((await loopFile(repo.dir))?.iteration).toBe(1);

    // The stop the hook forced (stop_hook_active) is gated again.
    const second = await hook(repo, payload(repo.dir, { stop_hook_active: true }));
    expect(JSON.parse(second.stdout)).toMatchObject({ decision: "block" });
    expect((await loopFile(repo.dir))?.iteration).toBe(2);

    const third = await hook(repo, payload(repo.dir, { stop_hook_active: true }));
    expect(third.code, debug(third)).toBe(0);
    expect(JSON.parse(third.stdout)).toEqual({
      systemMessage: expect.stringContaining("still red after 2 iterations"),
    });
    // At the cap the loop is kept, capped: it gates no more stops, and says why.
    expect(await loopFile(repo.dir)).toMatchObject({
      state: "capped",
      capped_by: "max_iterations",
    });
    const fourth = await hook(repo, payload(repo.dir, { stop_hook_active: true }));
    expect(fourth.stdout).toBe("");
    expect(fourth.stderr).toContain("ended capped");
    // The loop file never counts as part of the change.
    expect(JSON.stringify(JSON.parse(repo.read(".verify/gates.json")).changed_files)).not.toContain(
      "agent-loop",
    );
  });

  it("a loop stopped while gates ran is not written back: the stop is allowed", async () => {
    // The judge runs last, on a green tree: it stands in for the agent's `loop stop` mid-run.
    const repo = makeRepo({
      ".verify/gates.yaml": `${NO_TOOLS}judge:\n  command: ${JSON.stringify(`${process.execPath} ${BIN} loop stop --session ${SESSION}; echo nonsense`)}\n`,
    });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    await start(repo.dir);
    const result = await hook(repo, payload(repo.dir));
    expect(result.code, debug(result)).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("the loop was stopped or replaced while gates ran");
    expect(repo.read(".verify/gates.json")).toContain('"needs_human"');
    expect(await loopFile(repo.dir)).toMatchObject({ state: "disarmed" });
  });

  it("a green change allows the stop and ends the loop passed", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    await start(repo.dir);
    const result = await hook(repo, payload(repo.dir));
    expect(result.code, debug(result)).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("allowing the stop: gates passed");
    expect(await loopFile(repo.dir)).toMatchObject({ state: "passed", ended_by: "hook" });
  });

  it("SubagentStop in a git worktree: gates run in the payload's worktree, the loop found by its session", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    await start(repo.dir);
    const tree = join(mkdtempSync(join(tmpdir(), "gates-wt-")), "impl");
    git(repo.dir, "worktree", "add", "-q", "-b", "impl", tree);
    const test = readFileSync(join(tree, "src/math.test.ts"), "utf8");
    writeFileSync(join(tree, "src/math.test.ts"), test.replace("it(", "it.sk" + "ip("));
    const result = await runCliInProcess(
      tree,
      ["hook"],
      { CLAUDE_PROJECT_DIR: repo.dir },
      payload(tree, { hook_event_name: "SubagentStop", agent_id: "a1", agent_type: "implementer" }),
    );
    expect(result.code, debug(result)).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: "block" });
    expect(JSON.parse(result.stdout).reason).toContain("src/math.test.ts:4 [floor/");
    expect(existsSync(join(tree, ".verify", "gates.json"))).toBe(true);
    expect(existsSync(join(repo.dir, ".verify", "gates.json"))).toBe(false);
    // The subagent's block is its own: the parent's loop is untouched.
    expect((await loopFile(repo.dir))?.iteration).toBe(0);
    expect(await loopOf(repo.dir, SESSION, "a1")).toMatchObject({ agent_id: "a1", iteration: 1 });
  });

  it("a payload cwd outside any repository: the project ($CLAUDE_PROJECT_DIR) is gated", async () => {
    const repo = redRepo();
    await start(repo.dir);
    const outside = mkdtempSync(join(tmpdir(), "gates-nogit-"));
    const result = await runCliInProcess(
      outside,
      ["hook"],
      { CLAUDE_PROJECT_DIR: repo.dir },
      payload(outside),
    );
    expect(result.code, debug(result)).toBe(0);
    expect(JSON.parse(result.stdout).reason).toContain("src/math.test.ts:4 [floor/");
    expect((await loopFile(repo.dir))?.iteration).toBe(1);
  });

  it("the generic form: one JSON answer on stdout, exit 1 to block and 0 to allow", async () => {
    const repo = redRepo();
    await start(repo.dir);
    // The bin's exit 1 and stdout; the allow's exit 0 goes through the same command in process.
    const blocked = runCli(repo.dir, ["hook", "--format", "generic"], {}, payload(repo.dir));
    expect(blocked.code, debug(blocked)).toBe(1);
    expect(HookAnswerSchema.parse(JSON.parse(blocked.stdout))).toMatchObject({
      decision: "block",
      session_id: SESSION,
      iteration: 1,
      max_iterations: 5,
      gates_status: "fail",
    });
    await runCliInProcess(repo.dir, ["loop", "stop"]);
    const allowed = await hook(repo, payload(repo.dir), ["--format", "generic"]);
    expect(allowed.code, debug(allowed)).toBe(0);
    expect(HookAnswerSchema.parse(JSON.parse(allowed.stdout))).toMatchObject({
      decision: "allow",
      iteration: null,
    });
  });
});
