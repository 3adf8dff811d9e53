import type { Decision, HookFormat, HookResult } from "./hook-answer.js";

/**
 * One coding agent's hook dialect. Loop state, caps, the oracle and the integrity checks are
 * shared (hook.ts); a dialect only reads the agent's payload into the form the loop decides on
 * and answers in the agent's own format. One file per agent: claude.ts, codex.ts, cursor.ts,
 * gemini.ts.
 */
export const AGENT_NAMES = ["claude", "codex", "cursor", "gemini"] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** The agent's own cap on consecutive blocked stops, where its dialect knows it. */
export interface AgentCap {
  /** The loop caps when this stop would be the `limit`-th blocked one in a row; 0: no cap. */
  limit: number;
  /** Blocked stops in a row with this one, when the agent counts them itself (Cursor's loop_count). */
  consecutive?: number;
  /** How the cap message names it: "Cursor's loop_limit of 5". */
  label: string;
}

/** What one hook call is about. */
export type AgentEvent =
  /** A stop (or a session record): the payload in Claude Code's shape, for the shared loop. */
  | { kind: "gate"; payload: string; cap?: AgentCap }
  /** About to edit files: the pre-edit guard answers. Paths as the agent gave them. */
  | { kind: "edit"; session: string; cwd: string | undefined; files: string[] }
  /** Nothing for the loop to decide (an aborted turn, a tool that edits no file). */
  | { kind: "pass"; reason: string };

/** The guard's answer to an edit. */
export interface EditVerdict {
  deny: boolean;
  reason: string;
}

export interface AgentDialect {
  name: AgentName;
  /** The agent's payload on stdin → what the loop decides on. Never throws. */
  read(input: string, env: NodeJS.ProcessEnv): Promise<AgentEvent>;
  /** A stop's decision in the agent's format (stdout, stderr, exit code). */
  answer(decision: Decision, payload: string, format: HookFormat): HookResult;
  /** The guard's verdict in the agent's format: a deny where it has one, else a message. */
  answerEdit(verdict: EditVerdict): HookResult;
}

type Json = Record<string, unknown>;

/** The payload as an object (anything else: an empty one, which every dialect refuses). */
export function parseObject(input: string): Json | undefined {
  try {
    const json: unknown = JSON.parse(input);
    return typeof json === "object" && json !== null && !Array.isArray(json)
      ? (json as Json)
      : undefined;
  } catch {
    return undefined;
  }
}

export const text = (value: unknown) =>
  typeof value === "string" && value !== "" ? value : undefined;

/** The paths an edit tool's input names (`file_path`, `notebook_path`, `path`). */
export function inputPaths(input: unknown): string[] {
  if (typeof input !== "object" || input === null) return [];
  const fields = input as Json;
  return ["file_path", "notebook_path", "path"]
    .map((key) => text(fields[key]))
    .filter((p): p is string => p !== undefined);
}

/** An allow that tells the agent nothing: empty stdout, the reason on stderr. */
export const quietAllow = (reason: string, stdout = ""): HookResult => ({
  stdout,
  stderr: `verify-gates hook: ${reason}\n`,
  exitCode: 0,
});

/**
 * A prompt that arms the loop: `/verify-loop …` as Claude Code hands it, and for the agents whose
 * custom commands may reach the prompt hook expanded, a first word `verify-loop` (the command
 * files `loop install` writes begin with it).
 */
export const armingPrompt = (prompt: unknown) =>
  typeof prompt === "string" && /^\s*\/?verify-loop(\s|:|$)/.test(prompt);
