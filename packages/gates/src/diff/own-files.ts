import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  DEFAULT_HOOK_COMMAND,
  isObject,
  ourHooks,
  SETTINGS_FILES,
  SLASH_COMMAND_FILE,
  slashCommandText,
  withoutOurHooks,
} from "../agents/claude-files.js";
import { ARMING_FILES, armingText } from "../agents/arming.js";
import { AGENT_HOOK_FILES, ourAgentHooks, withoutAgentHooks } from "../agents/hook-files.js";
import { showFile } from "../git.js";

type Json = Record<string, unknown>;

function parse(text: string | undefined): Json | undefined {
  if (text === undefined || text.trim() === "") return {};
  try {
    const json: unknown = JSON.parse(text);
    return isObject(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** JSON with sorted keys: equal settings compare equal whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const readWorking = (root: string, path: string) =>
  readFile(join(root, path), "utf8").catch(() => undefined);

/**
 * Settings whose only difference from the base is our hook entries added: none removed that the
 * base or HEAD had (a hook installed and committed on the branch is still the agent's to keep).
 */
async function onlyOurHooksAdded(root: string, mergeBase: string, path: string): Promise<boolean> {
  const working = parse(await readWorking(root, path));
  const base = parse(await showFile(root, mergeBase, path));
  const head = parse(await showFile(root, "HEAD", path));
  if (!working || !base || !head) return false;
  const ours = ourHooks(working);
  const before = [...ourHooks(base), ...ourHooks(head)];
  if (before.some((hook) => !ours.has(hook))) return false;
  return canonical(withoutOurHooks(working)) === canonical(withoutOurHooks(base));
}

/** The slash command exactly as `loop install` writes it (for the default or a configured hook command). */
async function isOurSlashCommand(root: string): Promise<boolean> {
  const text = await readWorking(root, SLASH_COMMAND_FILE);
  if (text === undefined) return false;
  const commands = new Set([DEFAULT_HOOK_COMMAND]);
  for (const settings of SETTINGS_FILES)
    for (const hook of ourHooks(parse(await readWorking(root, settings)) ?? {}))
      commands.add(hook.split("\0")[1] ?? "");
  return [...commands].some((command) => slashCommandText(command) === text);
}

/** An agent's hook file whose only difference from the base is our entries (and Cursor's `version: 1` on a new file). */
async function onlyOurAgentHooksAdded(
  root: string,
  mergeBase: string,
  path: string,
): Promise<boolean> {
  const working = parse(await readWorking(root, path));
  const base = parse(await showFile(root, mergeBase, path));
  const head = parse(await showFile(root, "HEAD", path));
  if (!working || !base || !head) return false;
  const ours = ourAgentHooks(working);
  if ([...ourAgentHooks(base), ...ourAgentHooks(head)].some((hook) => !ours.has(hook)))
    return false;
  const rest = withoutAgentHooks(working);
  if (base.version === undefined && rest.version === 1) delete rest.version;
  return canonical(rest) === canonical(withoutAgentHooks(base));
}

/** An agent's arming command file exactly as `loop install --agent` writes it for a command in its hook file. */
async function isOurArmingFile(root: string, path: string): Promise<boolean> {
  const agent = (Object.keys(ARMING_FILES) as Array<keyof typeof ARMING_FILES>).find(
    (name) => ARMING_FILES[name] === path,
  );
  const hooksFile = Object.keys(AGENT_HOOK_FILES).find((file) => AGENT_HOOK_FILES[file] === agent);
  const text = await readWorking(root, path);
  if (agent === undefined || hooksFile === undefined || text === undefined) return false;
  const commands = [...ourAgentHooks(parse(await readWorking(root, hooksFile)) ?? {})].map(
    (hook) => hook.split("\0")[1] ?? "",
  );
  return commands.some((command) => armingText(agent, command) === text);
}

/**
 * What `verify-gates loop install` wrote — the hook entries in each agent's hook file, the
 * `/verify-loop` commands — never counts against a change; any other edit of those files does.
 */
export async function isOwnToolFile(
  root: string,
  mergeBase: string,
  file: { path: string; status: string },
): Promise<boolean> {
  if (file.status === "deleted" || file.status === "renamed") return false;
  if (SETTINGS_FILES.includes(file.path)) return onlyOurHooksAdded(root, mergeBase, file.path);
  if (file.path === SLASH_COMMAND_FILE) return isOurSlashCommand(root);
  if (AGENT_HOOK_FILES[file.path] !== undefined)
    return onlyOurAgentHooksAdded(root, mergeBase, file.path);
  if (Object.values(ARMING_FILES).includes(file.path)) return isOurArmingFile(root, file.path);
  return false;
}
