import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { repoRoot } from "../diff/git.js";
import { GatesError, GatesErrorCode } from "../errors.js";

/** The hook command Claude Code runs (through a shell, in the project directory). */
export const DEFAULT_HOOK_COMMAND = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/verify-gates hook';
/** Seconds; a gates run with tests can take minutes. */
export const DEFAULT_HOOK_TIMEOUT_S = 600;
export const HOOK_EVENTS = ["Stop", "SubagentStop"] as const;

export interface InstallOptions {
  cwd: string;
  /** Default: `<repo>/.claude/settings.json`. */
  settings?: string;
  command?: string;
  timeoutS?: number;
}

export interface InstallResult {
  settings: string;
  /** The events a hook entry was added to; empty when it was already there. */
  added: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function hasCommand(groups: unknown[], command: string): boolean {
  return groups.some(
    (group) =>
      isObject(group) &&
      Array.isArray(group.hooks) &&
      group.hooks.some((hook) => isObject(hook) && hook.command === command),
  );
}

async function readSettings(path: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new GatesError(GatesErrorCode.ConfigInvalid, `${path}: unreadable`);
  }
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${path}: not JSON (${why}); left unchanged`,
      {
        hint: "fix the file by hand, then run verify-gates loop install again",
      },
    );
  }
  if (!isObject(json))
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${path}: expected a JSON object; left unchanged`,
    );
  return json;
}

/** Merge the Stop and SubagentStop hook entries into Claude Code's settings; never drops what is there. */
export async function installHook(options: InstallOptions): Promise<InstallResult> {
  const settings =
    options.settings ?? join(await repoRoot(options.cwd), ".claude", "settings.json");
  const command = options.command ?? DEFAULT_HOOK_COMMAND;
  const json = await readSettings(settings);
  if (json.hooks !== undefined && !isObject(json.hooks))
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${settings}: "hooks" is not an object; left unchanged`,
    );
  const hooks: Json = { ...(json.hooks as Json | undefined) };
  const added: string[] = [];
  for (const event of HOOK_EVENTS) {
    const groups = hooks[event] ?? [];
    if (!Array.isArray(groups))
      throw new GatesError(
        GatesErrorCode.ConfigInvalid,
        `${settings}: "hooks.${event}" is not a list; left unchanged`,
      );
    if (hasCommand(groups, command)) continue;
    hooks[event] = [
      ...groups,
      {
        hooks: [{ type: "command", command, timeout: options.timeoutS ?? DEFAULT_HOOK_TIMEOUT_S }],
      },
    ];
    added.push(event);
  }
  if (added.length > 0) {
    await mkdir(dirname(settings), { recursive: true });
    const temp = `${settings}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify({ ...json, hooks }, null, 2)}\n`);
    await rename(temp, settings);
  }
  return { settings, added };
}
