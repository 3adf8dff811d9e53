import { isObject, isOurHook } from "./claude-files.js";
import { CLAUDE_EDIT_MATCHER } from "./claude.js";
import { CODEX_EDIT_MATCHER } from "./codex.js";
import { CURSOR_DEFAULT_LOOP_LIMIT, CURSOR_EDIT_MATCHER, CURSOR_HOOKS_FILE } from "./cursor.js";
import type { AgentName } from "./dialect.js";
import { GEMINI_EDIT_MATCHER } from "./gemini.js";

type Json = Record<string, unknown>;

/**
 * One agent's hook file as `loop install --agent` writes it: the file, its top-level keys, and
 * per event the entry that runs `verify-gates hook --agent <name>`. `grouped`: Claude Code,
 * Codex and Gemini CLI nest commands in `{matcher, hooks: [...]}` groups; Cursor lists them flat.
 */
export interface HookFileSpec {
  path: string;
  top: Json;
  grouped: boolean;
  entries: Array<{ event: string; entry: Json }>;
}

export interface HookTimes {
  /** Seconds for the events that gate a stop (a gates run with tests can take minutes). */
  gate: number;
  /** Seconds for the events that only record or guard (milliseconds of work). */
  quick: number;
}

const group = (command: string, timeout: number, matcher?: string): Json => ({
  ...(matcher ? { matcher } : {}),
  hooks: [{ type: "command", command, timeout }],
});

/** The hook file of each agent but Claude Code's settings (install.ts merges those). */
export function hookFileOf(
  agent: Exclude<AgentName, "claude">,
  command: string,
  t: HookTimes,
): HookFileSpec {
  switch (agent) {
    case "codex":
      return {
        path: ".codex/hooks.json",
        top: {},
        grouped: true,
        entries: [
          { event: "Stop", entry: group(command, t.gate) },
          { event: "SubagentStop", entry: group(command, t.gate) },
          { event: "SessionStart", entry: group(command, t.quick) },
          { event: "UserPromptSubmit", entry: group(command, t.quick) },
          { event: "PreToolUse", entry: group(command, t.quick, CODEX_EDIT_MATCHER) },
        ],
      };
    case "gemini": {
      // Gemini CLI's timeouts are milliseconds.
      const ms = (s: number, matcher?: string): Json => ({
        ...(matcher ? { matcher } : {}),
        hooks: [{ type: "command", name: "verify-gates", command, timeout: s * 1000 }],
      });
      return {
        path: ".gemini/settings.json",
        top: {},
        grouped: true,
        entries: [
          { event: "AfterAgent", entry: ms(t.gate) },
          { event: "SessionStart", entry: ms(t.quick) },
          { event: "BeforeAgent", entry: ms(t.quick) },
          { event: "BeforeTool", entry: ms(t.quick, GEMINI_EDIT_MATCHER) },
        ],
      };
    }
    case "cursor":
      return {
        path: CURSOR_HOOKS_FILE,
        top: { version: 1 },
        grouped: false,
        entries: [
          {
            event: "stop",
            entry: { command, loop_limit: CURSOR_DEFAULT_LOOP_LIMIT, timeout: t.gate },
          },
          { event: "sessionStart", entry: { command, timeout: t.quick } },
          { event: "beforeSubmitPrompt", entry: { command, timeout: t.quick } },
          {
            event: "preToolUse",
            entry: { command, matcher: CURSOR_EDIT_MATCHER, timeout: t.quick },
          },
        ],
      };
  }
}

/** Claude Code's pre-edit guard entry, beside the four events install.ts writes. */
export const claudeGuardEntry = (command: string, t: HookTimes) => ({
  event: "PreToolUse",
  entry: group(command, t.quick, CLAUDE_EDIT_MATCHER),
});

/** An event's list with our entries taken out (a group left empty by that goes too). */
export function withoutOurs(list: unknown[]): unknown[] {
  return list
    .filter((item) => !isOurHook(item))
    .map((item) =>
      isObject(item) && Array.isArray(item.hooks)
        ? { ...item, hooks: item.hooks.filter((hook) => !isOurHook(hook)) }
        : item,
    )
    .filter((item) => !(isObject(item) && Array.isArray(item.hooks) && item.hooks.length === 0));
}

/**
 * `json` with our entries of `entries` in place: older ones of ours (another path to
 * verify-gates) replaced, everything else kept. A `loop_limit` set on our Cursor entry is kept.
 * Throws the field's name when the file's shape is not a hooks object of lists.
 */
export function mergeEntries(json: Json, spec: HookFileSpec, entries = spec.entries): Json {
  if (json.hooks !== undefined && !isObject(json.hooks))
    throw new Error('"hooks" is not an object');
  const hooks: Json = { ...(json.hooks as Json | undefined) };
  for (const { event, entry } of entries) {
    const list = hooks[event] ?? [];
    if (!Array.isArray(list)) throw new Error(`"hooks.${event}" is not a list`);
    const previous = list.find((item) => isOurHook(item)) as Json | undefined;
    const kept = previous && "loop_limit" in previous ? { loop_limit: previous.loop_limit } : {};
    hooks[event] = [...withoutOurs(list), { ...entry, ...kept }];
  }
  return { ...spec.top, ...json, hooks };
}

/** The agent hook files `loop install --agent` merges into (Claude Code's are claude-files.ts's). */
export const AGENT_HOOK_FILES: Record<string, Exclude<AgentName, "claude">> = {
  ".codex/hooks.json": "codex",
  ".gemini/settings.json": "gemini",
  [CURSOR_HOOKS_FILE]: "cursor",
};

/** Our entries of a hook file, `event\0command` each (grouped or flat). */
export function ourAgentHooks(json: Json): Set<string> {
  const found = new Set<string>();
  if (!isObject(json.hooks)) return found;
  for (const [event, list] of Object.entries(json.hooks)) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const inner = isObject(item) && Array.isArray(item.hooks) ? item.hooks : [item];
      for (const hook of inner)
        if (isOurHook(hook)) found.add(`${event}\0${(hook as Json).command as string}`);
    }
  }
  return found;
}

/** A hook file with our entries taken out, and what that leaves empty. */
export function withoutAgentHooks(json: Json): Json {
  if (!isObject(json.hooks)) return json;
  const hooks: Json = {};
  for (const [event, list] of Object.entries(json.hooks)) {
    if (!Array.isArray(list)) hooks[event] = list;
    else if (withoutOurs(list).length > 0) hooks[event] = withoutOurs(list);
  }
  const rest: Json = { ...json };
  delete rest.hooks;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}
