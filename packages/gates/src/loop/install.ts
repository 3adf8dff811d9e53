import { join } from "node:path";
import { repoRoot } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import {
  DEFAULT_HOOK_TIMEOUT_S,
  GATING_EVENTS,
  HOOK_EVENTS,
  isObject,
  isOurHook,
  RECORD_HOOK_TIMEOUT_S,
  hookCommandFor,
  SLASH_COMMAND_FILE,
  slashCommandText,
} from "../agents/claude-files.js";
import { recordInstall, type InstallRecord } from "./install-record.js";
import { readJsonObject, readText, writeWhole } from "./settings-file.js";
import { openStore } from "../state/signed-store.js";

export {
  DEFAULT_HOOK_COMMAND,
  DEFAULT_HOOK_TIMEOUT_S,
  HOOK_EVENTS,
} from "../agents/claude-files.js";

export interface InstallOptions {
  cwd: string;
  /** Default: `<repo>/.claude/settings.json`. */
  settings?: string;
  /** Default: this verify-gates' bin by its absolute path (`hookCommandFor`). */
  command?: string;
  timeoutS?: number;
  env?: NodeJS.ProcessEnv;
}

export interface InstallResult {
  settings: string;
  /** The events a hook entry was added to; empty when it was already there. */
  added: string[];
  /** The slash command file, and what happened to it. */
  slashCommand: { path: string; state: "written" | "unchanged" | "kept-yours" };
  /** The verify-gates the hook runs, as recorded (signed, in the state folder) for the hook to check. */
  installed: InstallRecord;
}

type Json = Record<string, unknown>;

/**
 * Claude Code's per-hook setting (2.1.295 and later): a hook that cannot start, times out or
 * exits with an unexpected code blocks the stop instead of letting it through. Set on the
 * gating hooks only: a failed SessionStart or UserPromptSubmit record must not block the user.
 */
export const FAIL_CLOSED = { onFailure: "block" } as const;

function hasCommand(groups: unknown[], command: string, gating: boolean): boolean {
  return groups.some(
    (group) =>
      isObject(group) &&
      Array.isArray(group.hooks) &&
      group.hooks.some(
        (hook) =>
          isObject(hook) &&
          hook.command === command &&
          (!gating || hook.onFailure === FAIL_CLOSED.onFailure),
      ),
  );
}

function mergeHooks(settingsPath: string, json: Json, options: InstallOptions, command: string) {
  if (json.hooks !== undefined && !isObject(json.hooks))
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${settingsPath}: "hooks" is not an object; left unchanged`,
    );
  const hooks: Json = { ...(json.hooks as Json | undefined) };
  const added: string[] = [];
  for (const event of HOOK_EVENTS) {
    const groups = hooks[event] ?? [];
    if (!Array.isArray(groups))
      throw new GatesError(
        GatesErrorCode.ConfigInvalid,
        `${settingsPath}: "hooks.${event}" is not a list; left unchanged`,
      );
    const gating = (GATING_EVENTS as readonly string[]).includes(event);
    if (hasCommand(groups, command, gating)) continue;
    // An older install's entry (another path to verify-gates) is replaced, never run beside it.
    const others = groups
      .map((group) =>
        isObject(group) && Array.isArray(group.hooks)
          ? { ...group, hooks: group.hooks.filter((hook) => !isOurHook(hook)) }
          : group,
      )
      .filter(
        (group) => !(isObject(group) && Array.isArray(group.hooks) && group.hooks.length === 0),
      );
    const timeout = gating ? (options.timeoutS ?? DEFAULT_HOOK_TIMEOUT_S) : RECORD_HOOK_TIMEOUT_S;
    const entry = { type: "command", command, timeout, ...(gating ? FAIL_CLOSED : {}) };
    hooks[event] = [...others, { hooks: [entry] }];
    added.push(event);
  }
  return { hooks, added };
}

/** The slash command, written once; a file of yours at that path is never replaced. */
async function installSlashCommand(root: string, command: string) {
  const path = join(root, SLASH_COMMAND_FILE);
  const text = slashCommandText(command);
  const current = await readText(path);
  if (current === text) return { path, state: "unchanged" as const };
  if (current !== undefined) return { path, state: "kept-yours" as const };
  await writeWhole(path, text);
  return { path, state: "written" as const };
}

/**
 * Merge the hook entries into Claude Code's settings (Stop and SubagentStop gate, SessionStart
 * and UserPromptSubmit record the session id) and write `/verify-loop`; never drops what is there.
 */
export async function installHook(options: InstallOptions): Promise<InstallResult> {
  const root = await repoRoot(options.cwd);
  const settings = options.settings ?? join(root, ".claude", "settings.json");
  const json = (await readJsonObject(settings)) ?? {};
  const installed = await recordInstall(
    await openStore(root, options.env ?? process.env),
    new Date(),
  );
  const command = options.command ?? hookCommandFor(installed.bin);
  const { hooks, added } = mergeHooks(settings, json, options, command);
  if (added.length > 0)
    await writeWhole(settings, `${JSON.stringify({ ...json, hooks }, null, 2)}\n`);
  const slashCommand = await installSlashCommand(root, command);
  return { settings, added, slashCommand, installed };
}
