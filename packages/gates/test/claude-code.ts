import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CliResult } from "./fixture.js";

/**
 * Claude Code as far as the loop sees it: it runs the hook commands `loop install` wrote into
 * `.claude/settings.json` through a shell in the project directory, one JSON payload on stdin,
 * and expands `${CLAUDE_SESSION_ID}` and `$ARGUMENTS` in `/verify-loop` before the agent runs
 * the command it holds (with `CLAUDECODE=1` and the session's `CLAUDE_CODE_SESSION_ID`, as in
 * every shell Claude Code starts).
 */
export interface ClaudeCode {
  /** Fire one hook event for a session, as the installed command. */
  event(payload: object): CliResult;
  /** The session types `/verify-loop ARGS`; the agent runs the command the file holds. */
  verifyLoop(session: string, args?: string, expand?: boolean): CliResult;
  /**
   * The agent runs a `verify-gates …` command in its shell (the bin the slash command names); in
   * a session's shell, Claude Code sets `CLAUDE_CODE_SESSION_ID` too.
   */
  agentRuns(args: string, session?: string): CliResult;
  /** The bin the slash command names, as the shell runs it. */
  bin: string;
}

const common = (session: string, cwd: string, event: string) => ({
  session_id: session,
  transcript_path: `/home/u/.claude/projects/p/${session}.jsonl`,
  cwd,
  permission_mode: "default",
  hook_event_name: event,
});
export const sessionStart = (s: string, cwd: string) => ({
  ...common(s, cwd, "SessionStart"),
  source: "startup",
  model: "claude",
});
export const prompt = (s: string, cwd: string, text: string) => ({
  ...common(s, cwd, "UserPromptSubmit"),
  prompt: text,
});
export const stop = (s: string, cwd: string, active = false) => ({
  ...common(s, cwd, "Stop"),
  stop_hook_active: active,
  last_assistant_message: "Done.",
});

function sh(cwd: string, script: string, env: Record<string, string>, input?: string): CliResult {
  const result = spawnSync("sh", ["-c", script], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, BASE: "", ...env },
    ...(input === undefined ? {} : { input }),
  });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    report: undefined,
    summary: undefined,
  };
}

export function claudeCode(project: string, env: Record<string, string> = {}): ClaudeCode {
  const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
  };
  const commandOf = (event: string) => {
    const command = settings.hooks[event]?.[0]?.hooks[0]?.command;
    if (!command) throw new Error(`no ${event} hook installed`);
    return command;
  };
  const slash = readFileSync(join(project, ".claude", "commands", "verify-loop.md"), "utf8");
  const start = /```sh\n(.*loop start.*)\n```/.exec(slash)?.[1];
  if (!start) throw new Error("no loop start command in /verify-loop");
  const bin = start.slice(0, start.indexOf(" loop start"));
  const shellEnv = { CLAUDE_PROJECT_DIR: project, ...env };
  const agentEnv = { ...shellEnv, CLAUDECODE: "1" };
  return {
    event(payload) {
      const name = (payload as { hook_event_name: string }).hook_event_name;
      return sh(project, commandOf(name), shellEnv, JSON.stringify(payload));
    },
    verifyLoop(session, args = "", expand = true) {
      const text = (expand ? start.replaceAll("${CLAUDE_SESSION_ID}", session) : start).replace(
        "$ARGUMENTS",
        args,
      );
      return sh(project, text, { ...agentEnv, CLAUDE_CODE_SESSION_ID: session });
    },
    agentRuns(args, session) {
      const env =
        session === undefined ? agentEnv : { ...agentEnv, CLAUDE_CODE_SESSION_ID: session };
      return sh(project, `${bin} ${args}`, env);
    },
    bin,
  };
}

/** The verify-gates the hooks `loop install` wrote run: its copy in the state folder. */
export function installedBin(project: string): string {
  const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
  };
  const command = settings.hooks.Stop?.at(-1)?.hooks[0]?.command ?? "";
  const bin = /^'(.+)' hook$/.exec(command)?.[1];
  if (!bin) throw new Error(`no verify-gates path in the Stop hook '${command}'`);
  return bin;
}
