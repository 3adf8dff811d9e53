import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCliInProcess } from "./cli-in-process.js";
import type { CliResult } from "./fixture.js";

/**
 * Codex CLI, Cursor and Gemini CLI as far as the loop sees them: each runs the hook commands
 * `loop install --agent <name>` wrote into its own hook file through a shell in the project
 * directory, one JSON payload on stdin, in the shapes their documentation gives (issue 49).
 */
export type OtherAgent = "codex" | "cursor" | "gemini";

export const HOOK_FILE: Record<OtherAgent, string> = {
  codex: ".codex/hooks.json",
  cursor: ".cursor/hooks.json",
  gemini: ".gemini/settings.json",
};

type Entry = { command?: string; hooks?: Array<{ command: string }> };

/** The command of our entry for `event` in `agent`'s hook file. */
export function hookCommand(project: string, agent: OtherAgent | "claude", event: string): string {
  const file = agent === "claude" ? ".claude/settings.json" : HOOK_FILE[agent];
  const json = JSON.parse(readFileSync(join(project, file), "utf8")) as {
    hooks: Record<string, Entry[]>;
  };
  for (const entry of json.hooks[event] ?? []) {
    const commands = entry.hooks ? entry.hooks.map((h) => h.command) : [entry.command ?? ""];
    const ours = commands.find((c) => / hook( |$)/.test(c));
    if (ours) return ours;
  }
  throw new Error(`no ${event} hook in ${file}`);
}

/** Fire one event through the installed command: the payload on stdin, as the agent does. */
export function fire(
  project: string,
  agent: OtherAgent | "claude",
  event: string,
  payload: object,
  env: Record<string, string> = {},
): CliResult {
  const result = spawnSync("sh", ["-c", hookCommand(project, agent, event)], {
    cwd: project,
    encoding: "utf8",
    input: JSON.stringify(payload),
    env: { ...process.env, BASE: "", CLAUDE_PROJECT_DIR: "", ...env },
  });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    report: undefined,
    summary: undefined,
  };
}

/**
 * The same event through the installed command's arguments in this process (cli-in-process.ts):
 * for a dialect whose shell-and-bin seam another case fires. The install record must be set
 * aside first (loop-state.ts `forgetInstall`): the hook runs from this package, not the copy.
 */
export async function fireInProcess(
  project: string,
  agent: OtherAgent | "claude",
  event: string,
  payload: object,
): Promise<CliResult> {
  const command = hookCommand(project, agent, event);
  const args = /^'[^']+\/verify-gates\.js' (hook(?: \S+)*)$/.exec(command)?.[1];
  if (args === undefined) throw new Error(`not a verify-gates hook command: ${command}`);
  const result = await runCliInProcess(
    project,
    args.split(" "),
    { CLAUDE_PROJECT_DIR: "" },
    JSON.stringify(payload),
  );
  return { ...result, report: undefined, summary: undefined };
}

// Codex CLI: the fields of codex-rs/hooks/schema/generated/*.command.input.schema.json.
const codexCommon = (s: string, cwd: string, event: string) => ({
  session_id: s,
  transcript_path: null,
  cwd,
  hook_event_name: event,
  model: "gpt-5-codex",
  permission_mode: "default",
});
export const codex = {
  prompt: (s: string, cwd: string, text: string) => ({
    ...codexCommon(s, cwd, "UserPromptSubmit"),
    turn_id: "turn-1",
    prompt: text,
  }),
  stop: (s: string, cwd: string, active: boolean) => ({
    ...codexCommon(s, cwd, "Stop"),
    turn_id: "turn-1",
    stop_hook_active: active,
    last_assistant_message: "Done.",
  }),
  patch: (s: string, cwd: string, path: string) => ({
    ...codexCommon(s, cwd, "PreToolUse"),
    turn_id: "turn-1",
    tool_name: "apply_patch",
    tool_use_id: "call-1",
    tool_input: {
      command: `*** Begin Patch\n*** Update File: ${path}\n@@\n-a\n+b\n*** End Patch\n`,
    },
  }),
};

// Cursor: the common fields, then `stop`'s status and loop_count, beforeSubmitPrompt's prompt.
const cursorCommon = (s: string, root: string, event: string) => ({
  conversation_id: s,
  generation_id: "gen-1",
  model: "claude-4.5-sonnet",
  hook_event_name: event,
  cursor_version: "2.0.77",
  workspace_roots: [root],
  user_email: null,
});
export const cursor = {
  prompt: (s: string, root: string, text: string) => ({
    ...cursorCommon(s, root, "beforeSubmitPrompt"),
    prompt: text,
    attachments: [],
  }),
  stop: (s: string, root: string, loopCount: number, status = "completed") => ({
    ...cursorCommon(s, root, "stop"),
    status,
    loop_count: loopCount,
  }),
  write: (s: string, root: string, path: string) => ({
    ...cursorCommon(s, root, "preToolUse"),
    tool_name: "Write",
    tool_input: { file_path: path, contents: "x" },
  }),
};

// Gemini CLI: the base input schema, then AfterAgent's / BeforeAgent's / BeforeTool's fields.
const geminiCommon = (s: string, cwd: string, event: string) => ({
  session_id: s,
  transcript_path: `/home/u/.gemini/tmp/${s}.json`,
  cwd,
  hook_event_name: event,
  timestamp: "2026-12-07T06:00:00.000Z",
});
export const gemini = {
  prompt: (s: string, cwd: string, text: string) => ({
    ...geminiCommon(s, cwd, "BeforeAgent"),
    prompt: text,
  }),
  stop: (s: string, cwd: string, active: boolean) => ({
    ...geminiCommon(s, cwd, "AfterAgent"),
    prompt: "fix the discount",
    prompt_response: "Done.",
    stop_hook_active: active,
  }),
  replace: (s: string, cwd: string, path: string) => ({
    ...geminiCommon(s, cwd, "BeforeTool"),
    tool_name: "replace",
    tool_input: { file_path: path, old_string: "a", new_string: "b" },
  }),
};
