import { describe, expect, it } from "vitest";
import { parseArgs } from "../args.js";
import type { Decision } from "./hook-answer.js";
import { answer } from "./hook-answer.js";
import { claude } from "./claude.js";
import { codex, patchPaths } from "./codex.js";
import { cursor } from "./cursor.js";
import { armingPrompt } from "./dialect.js";
import { gemini } from "./gemini.js";
import { hookFileOf, mergeEntries, ourAgentHooks, withoutAgentHooks } from "./hook-files.js";

const block: Decision = { block: true, reason: "red", loop: undefined, gatesStatus: "fail" };
const allow: Decision = { block: false, reason: "no loop", loop: undefined, gatesStatus: null };
const env = {};

describe("reading each agent's payload", () => {
  it("Claude Code: every event but an edit goes to the loop as it came, answered as before", async () => {
    const stop = JSON.stringify({
      session_id: "s",
      hook_event_name: "Stop",
      stop_hook_active: true,
    });
    expect(await claude.read(stop, env)).toEqual({ kind: "gate", payload: stop });
    expect(claude.answer(block, stop, "claude")).toEqual(answer(block, stop, "claude"));
    expect(claude.answer(allow, stop, "generic")).toEqual(answer(allow, stop, "generic"));
    const bash = { session_id: "s", hook_event_name: "PreToolUse", tool_name: "Bash" };
    expect(await claude.read(JSON.stringify(bash), env)).toMatchObject({ kind: "pass" });
    const nb = { ...bash, tool_name: "NotebookEdit", tool_input: { notebook_path: "/r/a.ipynb" } };
    expect(await claude.read(JSON.stringify(nb), env)).toEqual({
      kind: "edit",
      session: "s",
      cwd: undefined,
      files: ["/r/a.ipynb"],
    });
  });

  it("Codex: apply_patch's envelope names the files; a shell command is no edit", async () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: src/a.test.ts",
      "*** Move to: src/b.test.ts",
      "*** Add File: src/c.ts",
      "*** Delete File: vitest.config.ts",
      "*** End Patch",
    ].join("\n");
    expect(patchPaths(patch)).toEqual([
      "src/a.test.ts",
      "src/b.test.ts",
      "src/c.ts",
      "vitest.config.ts",
    ]);
    const bash = {
      session_id: "s",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "*** Update File: x" },
    };
    expect(await codex.read(JSON.stringify(bash), env)).toMatchObject({ kind: "pass" });
    const stop = await codex.read(
      JSON.stringify({ session_id: "s", hook_event_name: "Stop" }),
      env,
    );
    expect(stop).toMatchObject({ kind: "gate", cap: { limit: 0 } });
    // Codex's schema has `transcript_path: null`; the loop's payload takes a string or nothing.
    const nulled = { session_id: "s", hook_event_name: "Stop", transcript_path: null };
    const read = await codex.read(JSON.stringify(nulled), env);
    expect(JSON.parse((read as { payload: string }).payload)).toEqual({
      session_id: "s",
      hook_event_name: "Stop",
    });
  });

  it("the arming prompt: /verify-loop or a first word verify-loop", () => {
    expect(armingPrompt("/verify-loop --max-iterations 3")).toBe(true);
    expect(armingPrompt("verify-loop: arm the loop")).toBe(true);
    expect(armingPrompt("  verify-loop")).toBe(true);
    expect(armingPrompt("please verify-loop")).toBe(false);
    expect(armingPrompt("/verify-loops")).toBe(false);
    expect(armingPrompt(undefined)).toBe(false);
  });

  it("Cursor: the conversation is the session, loop_count the blocks in a row, loop_limit the cap", async () => {
    const stop = {
      conversation_id: "c-1",
      hook_event_name: "stop",
      workspace_roots: ["/nowhere"],
      status: "completed",
      loop_count: 2,
    };
    const read = await cursor.read(JSON.stringify(stop), env);
    expect(read).toMatchObject({
      kind: "gate",
      cap: { limit: 6, consecutive: 3, label: "Cursor's loop_limit of 5" },
    });
    expect(JSON.parse((read as { payload: string }).payload)).toEqual({
      session_id: "c-1",
      cwd: "/nowhere",
      hook_event_name: "Stop",
      stop_hook_active: true,
    });
    expect(await cursor.read(JSON.stringify({ ...stop, status: "error" }), env)).toMatchObject({
      kind: "pass",
    });
    expect(cursor.answer(block, "{}", "claude").stdout).toBe('{"followup_message":"red"}\n');
    const prompt = JSON.stringify({ hook_event_name: "UserPromptSubmit" });
    expect(cursor.answer({ ...allow, quiet: true }, prompt, "claude").stdout).toBe(
      '{"continue":true}\n',
    );
  });

  it("Gemini CLI: AfterAgent is the stop, a block is a deny whose reason is the next prompt", async () => {
    const after = {
      session_id: "g",
      cwd: "/r",
      hook_event_name: "AfterAgent",
      stop_hook_active: false,
    };
    const read = await gemini.read(JSON.stringify(after), env);
    expect(JSON.parse((read as { payload: string }).payload)).toMatchObject({
      session_id: "g",
      hook_event_name: "Stop",
    });
    expect(gemini.answer(block, "{}", "claude").stdout).toBe(
      '{"decision":"deny","reason":"red"}\n',
    );
    expect(gemini.answer(allow, "{}", "claude").stdout).toBe("{}\n");
    expect(gemini.answer({ ...allow, warning: "capped" }, "{}", "claude").stdout).toBe(
      '{"systemMessage":"capped"}\n',
    );
  });
});

describe("the agents' hook files", () => {
  const t = { gate: 600, quick: 30 };
  it("merge keeps the user's entries, replaces an older one of ours, and comes out again whole", () => {
    const spec = hookFileOf("codex", "'/new/verify-gates.js' hook --agent codex", t);
    const mine = { matcher: "Bash", hooks: [{ type: "command", command: "guard" }] };
    const old = {
      hooks: [{ type: "command", command: "'/old/verify-gates.js' hook --agent codex" }],
    };
    const before = { hooks: { PreToolUse: [mine], Stop: [old] }, other: true };
    const merged = mergeEntries(before, spec);
    expect((merged.hooks as Record<string, unknown[]>).Stop).toHaveLength(1);
    expect((merged.hooks as Record<string, unknown[]>).PreToolUse?.[0]).toEqual(mine);
    expect(ourAgentHooks(merged).size).toBe(5);
    expect(withoutAgentHooks(merged)).toEqual({ hooks: { PreToolUse: [mine] }, other: true });
    expect(() => mergeEntries({ hooks: { Stop: {} } }, spec)).toThrow('"hooks.Stop" is not a list');
  });

  it("Cursor's entries are flat, with the version and Cursor's default loop_limit written out", () => {
    const spec = hookFileOf("cursor", "x/verify-gates hook --agent cursor", t);
    const merged = mergeEntries({}, spec);
    expect(merged.version).toBe(1);
    expect((merged.hooks as Record<string, unknown[]>).stop).toEqual([
      { command: "x/verify-gates hook --agent cursor", loop_limit: 5, timeout: 600 },
    ]);
    expect(withoutAgentHooks(merged)).toEqual({ version: 1 });
  });

  it("Gemini CLI's timeouts are milliseconds", () => {
    const spec = hookFileOf("gemini", "v/verify-gates hook --agent gemini", t);
    expect(spec.entries.find((e) => e.event === "AfterAgent")?.entry).toMatchObject({
      hooks: [{ timeout: 600_000 }],
    });
  });
});

describe("the --agent flags", () => {
  it("hook takes one agent; loop install several, repeated or comma-separated", () => {
    expect(parseArgs(["hook", "--agent", "cursor"])).toMatchObject({
      command: "hook",
      agent: "cursor",
    });
    expect(
      parseArgs(["loop", "install", "--agent", "codex,gemini", "--agent", "codex"]),
    ).toMatchObject({
      command: "loop-install",
      agents: ["codex", "gemini"],
    });
    expect(parseArgs(["loop", "install"])).toMatchObject({ agents: [] });
    expect(parseArgs(["loop", "install", "--agent", "vim"])).toMatchObject({
      command: "usage-error",
    });
  });
});
