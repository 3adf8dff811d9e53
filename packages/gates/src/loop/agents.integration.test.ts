import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  codex,
  cursor,
  fire,
  fireInProcess,
  gemini,
  HOOK_FILE,
  type OtherAgent,
} from "../../test/coding-agents.js";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli, type CliResult } from "../../test/fixture.js";
import { forgetInstall, loopOf } from "../../test/loop-state.js";

// Issue 49 §1: Codex CLI, Cursor and Gemini CLI driven as they drive their hooks — the commands
// `loop install --agent` wrote into each one's own file, their documented payloads on stdin, a
// real repository — through arming, red stops blocked in each one's format, the cap, a green stop.
// Codex's case is the process seam: every event through the hook command `loop install` wrote (a
// shell, the copy of the bin it made), `loop install` and `loop start` as processes. Cursor's and
// Gemini CLI's cases read the same hook files and send the same payloads through the installed
// command's arguments in process (coding-agents.ts `fireInProcess`); their shell-and-bin seam is
// hook-cheats-agents.integration's.
const S = "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const FOCUS = (s: string) => s.replace("it(", "it.on" + "ly(");

interface Dialect {
  agent: OtherAgent;
  arming?: string;
  /** What the user types to arm the loop. */
  typed: string;
  promptEvent: string;
  prompt: (dir: string, text: string) => object;
  stopEvent: string;
  /** The n-th stop of a turn (0: the first). */
  stop: (dir: string, n: number) => object;
  /** The reason of a block in the agent's format, else undefined. */
  blocked: (r: CliResult) => string | undefined;
  /** The stdout of an allow. */
  allowOut: string;
  /** What the user sees when the loop ends capped. */
  capNote: (r: CliResult) => string;
}

const parse = (r: CliResult) => JSON.parse(r.stdout || "{}") as Record<string, string>;

const DIALECTS: Dialect[] = [
  {
    agent: "codex",
    typed: "verify-loop: run verify-gates loop start, then continue",
    promptEvent: "UserPromptSubmit",
    prompt: (dir, text) => codex.prompt(S, dir, text),
    stopEvent: "Stop",
    stop: (dir, n) => codex.stop(S, dir, n > 0),
    blocked: (r) => (parse(r).decision === "block" ? parse(r).reason : undefined),
    allowOut: "",
    capNote: (r) => parse(r).systemMessage ?? "",
  },
  {
    agent: "cursor",
    arming: ".cursor/commands/verify-loop.md",
    typed: "/verify-loop --max-iterations 2",
    promptEvent: "beforeSubmitPrompt",
    prompt: (dir, text) => cursor.prompt(S, dir, text),
    stopEvent: "stop",
    stop: (dir, n) => cursor.stop(S, dir, n),
    blocked: (r) => parse(r).followup_message,
    allowOut: "{}\n",
    capNote: (r) => r.stderr,
  },
  {
    agent: "gemini",
    arming: ".gemini/commands/verify-loop.toml",
    typed: "/verify-loop --max-iterations 2",
    promptEvent: "BeforeAgent",
    prompt: (dir, text) => gemini.prompt(S, dir, text),
    stopEvent: "AfterAgent",
    stop: (dir, n) => gemini.stop(S, dir, n > 0),
    blocked: (r) => (parse(r).decision === "deny" ? parse(r).reason : undefined),
    allowOut: "{}\n",
    capNote: (r) => parse(r).systemMessage ?? "",
  },
];

describe.each(DIALECTS)("$agent, payload by payload", (d) => {
  it("install, arm by the prompt, red stops blocked in its format, the cap, then a green stop", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const cli = async (args: string[]) =>
      d.agent === "codex" ? runCli(repo.dir, args) : runCliInProcess(repo.dir, args);
    const install = await cli(["loop", "install", "--agent", d.agent]);
    expect(install.code, debug(install)).toBe(0);
    expect(existsSync(join(repo.dir, HOOK_FILE[d.agent]))).toBe(true);
    expect(existsSync(join(repo.dir, ".claude"))).toBe(false);
    if (d.arming) expect(readFileSync(join(repo.dir, d.arming), "utf8")).toContain(" loop start");
    const real = d.agent === "codex";
    if (!real) await forgetInstall(repo.dir);
    const send = (event: string, payload: object) =>
      real
        ? Promise.resolve(fire(repo.dir, d.agent, event, payload))
        : fireInProcess(repo.dir, d.agent, event, payload);
    const stopFor = (n: number) => send(d.stopEvent, d.stop(repo.dir, n));

    // No loop yet: the stop is the agent's own, allowed without a word to it.
    const free = await stopFor(0);
    expect(free.code, debug(free)).toBe(0);
    expect(free.stdout).toBe(d.allowOut);

    // The user types the arming prompt; the agent runs loop start with no session id.
    const typed = await send(d.promptEvent, d.prompt(repo.dir, d.typed));
    expect(typed.code, debug(typed)).toBe(0);
    const armed = await cli(["loop", "start", "--max-iterations", "2"]);
    expect(armed.code, debug(armed)).toBe(0);
    expect(armed.stdout).toContain(`loop started: session ${S} (its /verify-loop prompt`);

    repo.write("src/math.test.ts", FOCUS(repo.read("src/math.test.ts")));
    const first = await stopFor(0);
    expect(first.code, debug(first)).toBe(0);
    const reason = d.blocked(first);
    expect(reason, debug(first)).toContain("iteration 1 of 2");
    expect(reason).toContain("src/math.test.ts:4 [floor/");
    expect(reason).toContain(`verify-gates loop escalate --session ${S}`);
    // Nothing `loop install --agent` wrote is part of the change it gates.
    const report = JSON.parse(repo.read(".verify/gates.json")) as {
      changed_files: Array<{ path: string }>;
    };
    expect(report.changed_files.map((f) => f.path)).toEqual(["src/math.test.ts"]);
    expect(d.blocked(await stopFor(1))).toContain("iteration 2 of 2");

    // At max_iterations the stop is allowed, the user told what is still red, the loop capped.
    const capped = await stopFor(2);
    expect(d.blocked(capped), debug(capped)).toBeUndefined();
    expect(d.capNote(capped)).toContain("still red after 2 iterations");
    expect(await loopOf(repo.dir, S)).toMatchObject({
      state: "capped",
      capped_by: "max_iterations",
    });

    // Re-armed and fixed: the stop is allowed and the loop ends passed.
    expect((await cli(["loop", "start", "--session", S])).code).toBe(0);
    repo.write("src/math.test.ts", repo.read("src/math.test.ts").replace("it.only(", "it("));
    const green = await stopFor(0);
    expect(green.code, debug(green)).toBe(0);
    expect(green.stdout).toBe(d.allowOut);
    expect(green.stderr).toContain("gates passed");
    expect(await loopOf(repo.dir, S)).toMatchObject({ state: "passed" });
  });
});

describe("cursor's own limits", () => {
  it("at the stop entry's loop_limit the loop ends capped (agent_block_cap), never a silent allow; an aborted turn is not gated", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const cli = (args: string[]) => runCliInProcess(repo.dir, args);
    expect((await cli(["loop", "install", "--agent", "cursor"])).code).toBe(0);
    const hooksFile = join(repo.dir, ".cursor/hooks.json");
    const hooks = JSON.parse(readFileSync(hooksFile, "utf8")) as {
      version: number;
      hooks: { stop: Array<{ loop_limit: number | null }> };
    };
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.stop[0]?.loop_limit).toBe(5);
    hooks.hooks.stop[0]!.loop_limit = 1;
    writeFileSync(hooksFile, JSON.stringify(hooks));
    // A later install keeps the loop_limit the user set.
    expect((await cli(["loop", "install", "--agent", "cursor"])).code).toBe(0);
    expect(JSON.parse(readFileSync(hooksFile, "utf8")).hooks.stop[0].loop_limit).toBe(1);

    await forgetInstall(repo.dir);
    expect((await cli(["loop", "start", "--session", S, "--max-iterations", "9"])).code).toBe(0);
    repo.write("src/math.test.ts", FOCUS(repo.read("src/math.test.ts")));
    const stop = (count: number, status?: string) =>
      fireInProcess(repo.dir, "cursor", "stop", cursor.stop(S, repo.dir, count, status));

    const aborted = await stop(0, "aborted");
    expect(aborted.stdout).toBe("{}\n");
    expect(aborted.stderr).toContain("the turn ended aborted: not gated");
    expect(await loopOf(repo.dir, S)).toMatchObject({ iteration: 0 });

    expect(parse(await stop(0)).followup_message).toContain("iteration 1 of 9");
    // Cursor sends no further follow-up at loop_count 1: the loop ends capped, said on stderr.
    const capped = await stop(1);
    expect(capped.stdout).toBe("{}\n");
    expect(capped.stderr).toContain("near Cursor's loop_limit of 1");
    expect(await loopOf(repo.dir, S)).toMatchObject({
      state: "capped",
      capped_by: "agent_block_cap",
      iteration: 1,
    });
  });
});

describe("loop install", () => {
  it("installs several agents at once, each in its own file, and without --agent names the agents it found", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": NO_TOOLS,
      ".codex/config.toml": "",
      ".gemini/x": "",
    });
    const plain = await runCliInProcess(repo.dir, ["loop", "install"]);
    expect(plain.code, debug(plain)).toBe(0);
    expect(plain.stdout).toContain(
      "also configured here: codex, gemini (verify-gates loop install --agent codex,gemini gates them too)",
    );
    expect(existsSync(join(repo.dir, ".codex/hooks.json"))).toBe(false);
    const both = await runCliInProcess(repo.dir, [
      "loop",
      "install",
      "--agent",
      "codex,cursor",
      "--agent",
      "gemini",
    ]);
    expect(both.code, debug(both)).toBe(0);
    for (const agent of ["codex", "cursor", "gemini"] as const) {
      expect(existsSync(join(repo.dir, HOOK_FILE[agent]))).toBe(true);
      expect(readFileSync(join(repo.dir, HOOK_FILE[agent]), "utf8")).toContain(
        `hook --agent ${agent}`,
      );
    }
    expect(both.stdout).toContain('codex: type the prompt "verify-loop: run');
    const again = await runCliInProcess(repo.dir, [
      "loop",
      "install",
      "--agent",
      "codex,cursor,gemini",
    ]);
    expect(again.stdout).not.toContain(": written");
    const bad = await runCliInProcess(repo.dir, ["loop", "install", "--agent", "copilot"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--agent: 'copilot' is not one of claude, codex, cursor, gemini");
  });
});
