import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { hookCommandFor, RECORD_HOOK_TIMEOUT_S } from "../agents/claude-files.js";
import { recordInstall, type InstallRecord } from "./install-record.js";
import { readJsonObject, writeWhole } from "./settings-file.js";
import { DEFAULT_HOOK_TIMEOUT_S, installHook, type InstallResult } from "./install.js";
import { openStore } from "../state/signed-store.js";
import { ARMING_FILES, armingHint, armingText } from "../agents/arming.js";
import type { AgentName } from "../agents/dialect.js";
import {
  claudeGuardEntry,
  hookFileOf,
  mergeEntries,
  type HookFileSpec,
  type HookTimes,
} from "../agents/hook-files.js";

export type FileState = "written" | "unchanged" | "kept-yours";

export interface AgentInstall {
  agent: AgentName;
  /** The agent's hook file and what happened to it. */
  hooks: { path: string; state: FileState };
  /** Its arming command file, when it has one. */
  arming?: { path: string; state: FileState };
  /** What the user types to arm the loop. */
  arm: string;
}

export interface AgentsInstallOptions {
  cwd: string;
  agents: readonly AgentName[];
  /** Claude Code's settings file (default `<repo>/.claude/settings.json`). */
  settings?: string;
  /** The base hook command (default: this verify-gates by its absolute path); `--agent <name>` is added. */
  command?: string;
  timeoutS?: number;
  env: NodeJS.ProcessEnv;
}

export interface AgentsInstallResult {
  /** Claude Code's part, as `loop install` without `--agent` reports it. */
  claude?: InstallResult;
  agents: AgentInstall[];
  installed: InstallRecord;
}

/** The agents whose folder the repository has (`.claude/`, `.codex/`, `.cursor/`, `.gemini/`). */
export async function configuredAgents(root: string): Promise<AgentName[]> {
  const found: AgentName[] = [];
  for (const agent of ["claude", "codex", "cursor", "gemini"] as const) {
    const there = await stat(join(root, `.${agent}`)).catch(() => undefined);
    if (there?.isDirectory()) found.push(agent);
  }
  return found;
}

/** Merge `entries` into the JSON file at `path`; never drops what is there. */
async function mergeFile(
  path: string,
  spec: HookFileSpec,
  entries = spec.entries,
): Promise<FileState> {
  const before = await readJsonObject(path);
  let after: Record<string, unknown>;
  try {
    after = mergeEntries(before ?? {}, spec, entries);
  } catch (error) {
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${path}: ${(error as Error).message}; left unchanged`,
    );
  }
  const text = `${JSON.stringify(after, null, 2)}\n`;
  if (before !== undefined && `${JSON.stringify(before, null, 2)}\n` === text) return "unchanged";
  await writeWhole(path, text);
  return "written";
}

/** A command file written once; one of the user's at that path is never replaced. */
async function writeOnce(path: string, text: string): Promise<FileState> {
  const current = await readFile(path, "utf8").catch(() => undefined);
  if (current === text) return "unchanged";
  if (current !== undefined) return "kept-yours";
  await writeWhole(path, text);
  return "written";
}

/**
 * `loop install --agent …`: each agent's hooks in its own file and format, running
 * `verify-gates hook --agent <name>`, and its way to arm the loop. Claude Code's part is
 * `installHook` (unchanged) plus the pre-edit guard on its edit tools.
 */
export async function installAgents(options: AgentsInstallOptions): Promise<AgentsInstallResult> {
  const root = await repoRoot(options.cwd);
  const times: HookTimes = {
    gate: options.timeoutS ?? DEFAULT_HOOK_TIMEOUT_S,
    quick: RECORD_HOOK_TIMEOUT_S,
  };
  const out: AgentInstall[] = [];
  let claude: InstallResult | undefined;
  let installed: InstallRecord | undefined;
  if (options.agents.includes("claude")) {
    claude = await installHook({
      cwd: options.cwd,
      env: options.env,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.command ? { command: options.command } : {}),
      ...(options.timeoutS ? { timeoutS: options.timeoutS } : {}),
    });
    installed = claude.installed;
    const command = options.command ?? hookCommandFor(installed.bin);
    const guard = claudeGuardEntry(command, times);
    const spec: HookFileSpec = { path: claude.settings, top: {}, grouped: true, entries: [guard] };
    const state = await mergeFile(claude.settings, spec);
    out.push({
      agent: "claude",
      hooks: { path: claude.settings, state },
      arm: armingHint("claude", command),
    });
  }
  installed ??= await recordInstall(await openStore(root, options.env), new Date());
  const base = options.command ?? hookCommandFor(installed.bin);
  for (const agent of options.agents) {
    if (agent === "claude") continue;
    const command = `${base} --agent ${agent}`;
    const spec = hookFileOf(agent, command, times);
    const hooks = {
      path: join(root, spec.path),
      state: await mergeFile(join(root, spec.path), spec),
    };
    const file = ARMING_FILES[agent];
    const text = armingText(agent, command);
    const arming =
      file && text
        ? { path: join(root, file), state: await writeOnce(join(root, file), text) }
        : undefined;
    out.push({ agent, hooks, ...(arming ? { arming } : {}), arm: armingHint(agent, command) });
  }
  return { ...(claude ? { claude } : {}), agents: out, installed };
}
