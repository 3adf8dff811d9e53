/** What `verify-gates loop install` writes into a repository, and how to tell it apart. */

/**
 * The hook command of older installs (a `node_modules/.bin` shim the working tree can replace);
 * `loop install` now writes the absolute path of the verify-gates it runs from (`hookCommandFor`).
 */
export const DEFAULT_HOOK_COMMAND = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/verify-gates hook';

/** The hook command for a bin at an absolute path, quoted for the shell Claude Code runs it in. */
export const hookCommandFor = (bin: string) => `'${bin.replaceAll("'", "'\\''")}' hook`;
/** Seconds; a gates run with tests can take minutes. */
export const DEFAULT_HOOK_TIMEOUT_S = 600;
/** Seconds for the events that only record the session id. */
export const RECORD_HOOK_TIMEOUT_S = 30;
/** Stop and SubagentStop gate; SessionStart and UserPromptSubmit record the session for `loop start`. */
export const GATING_EVENTS = ["Stop", "SubagentStop"] as const;
export const RECORDING_EVENTS = ["SessionStart", "UserPromptSubmit"] as const;
export const HOOK_EVENTS = [...GATING_EVENTS, ...RECORDING_EVENTS] as const;

export const SETTINGS_FILES = [".claude/settings.json", ".claude/settings.local.json"];
export const SLASH_COMMAND_FILE = ".claude/commands/verify-loop.md";

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A hook entry that runs `verify-gates … hook`, whatever the path or runner in front of it. */
export function isOurHook(hook: unknown): boolean {
  return (
    isObject(hook) &&
    typeof hook.command === "string" &&
    /verify-gates(\.js)?["']?\s+hook(\s|$)/.test(hook.command)
  );
}

/** The `verify-gates loop …` invocation the slash command runs, from the hook command. */
export function loopInvocation(hookCommand: string): string {
  if (hookCommand === DEFAULT_HOOK_COMMAND) return "./node_modules/.bin/verify-gates";
  return hookCommand.replace(/\s+hook(\s.*)?$/, "");
}

/** `.claude/commands/verify-loop.md`: `/verify-loop [flags]` arms the loop for the session typing it. */
export function slashCommandText(hookCommand: string): string {
  const bin = loopInvocation(hookCommand);
  return [
    "---",
    "description: Arm the verify-gates loop — this session cannot end its turn while the change is red",
    'argument-hint: "[--max-iterations N] [--task-file TASK.md] [--base REF]"',
    "---",
    "",
    "Run this command with the Bash tool, exactly once, from the project directory:",
    "",
    "```sh",
    `${bin} loop start --session "\${CLAUDE_SESSION_ID}" $ARGUMENTS`,
    "```",
    "",
    "It arms the verify loop for this session (Claude Code puts the session's id in the command)",
    "and prints which session it armed. From now on, each time you try to finish, the Stop hook",
    "runs verify-gates and blocks while the change is red, with what to fix first. Fix only what",
    ".verify/summary.txt names, then finish again. Never edit .verify/, the hooks in",
    ".claude/settings.json, thresholds or tests to make a gate pass: the loop's state lives",
    "outside the working tree and the tests are judged as they were when the loop started.",
    "",
    "If you believe a test or the task itself is wrong, say so instead of working around it:",
    "",
    "```sh",
    `${bin} loop escalate --session "\${CLAUDE_SESSION_ID}" --reason "<why>"`,
    "```",
    "",
    "ends the loop as needs_human (not verified) and hands it to a person. When the loop ends",
    "capped, report what is still red.",
    "",
    `\`${bin} loop status\` shows the iteration. \`loop stop\` disarms, and is recorded as not verified.`,
    "",
  ].join("\n");
}

/** Settings with our hook entries taken out (and what is left empty by that), for comparison. */
export function withoutOurHooks(settings: Json): Json {
  if (!isObject(settings.hooks)) return settings;
  const hooks: Json = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups
      .map((group) =>
        isObject(group) && Array.isArray(group.hooks)
          ? { ...group, hooks: group.hooks.filter((h) => !isOurHook(h)) }
          : group,
      )
      .filter(
        (group) => !(isObject(group) && Array.isArray(group.hooks) && group.hooks.length === 0),
      );
    if (kept.length > 0) hooks[event] = kept;
  }
  const rest: Json = { ...settings };
  delete rest.hooks;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/** Our hook entries, one canonical string each, for "none of them was removed". */
export function ourHooks(settings: Json): Set<string> {
  const found = new Set<string>();
  if (!isObject(settings.hooks)) return found;
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups)
      if (isObject(group) && Array.isArray(group.hooks))
        for (const hook of group.hooks)
          if (isOurHook(hook)) found.add(`${event}\0${(hook as Json).command as string}`);
  }
  return found;
}
