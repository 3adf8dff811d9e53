import type { AgentLoop, HookAnswer, LoopCap } from "@agent-verify/contract";

export type HookFormat = "claude" | "generic";

/** What the hook prints and exits with. */
export interface HookResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface Decision {
  block: boolean;
  reason: string;
  loop: AgentLoop | undefined;
  gatesStatus: string | null;
  /** A note for the user when the loop ends red at a cap. */
  warning?: string;
  cappedBy?: LoopCap;
  /** SessionStart / UserPromptSubmit: Claude Code adds their stdout to the context, so none. */
  quiet?: boolean;
}

function sessionOf(input: string): string | null {
  try {
    const value = (JSON.parse(input) as { session_id?: unknown }).session_id;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

function generic(decision: Decision, payload: string): string {
  const body: HookAnswer = {
    schema_version: 1,
    decision: decision.block ? "block" : "allow",
    reason: decision.reason,
    session_id: decision.loop?.session_id ?? sessionOf(payload),
    iteration: decision.loop?.iteration ?? null,
    max_iterations: decision.loop?.max_iterations ?? null,
    gates_status: decision.gatesStatus,
    ...(decision.cappedBy ? { capped_by: decision.cappedBy } : {}),
  };
  return `${JSON.stringify(body)}\n`;
}

/** The answer in the agent's form: Claude Code (and Codex) read a JSON object on stdout, exit 0. */
export function answer(decision: Decision, payload: string, format: HookFormat): HookResult {
  const stderr = decision.block
    ? ""
    : `verify-gates hook: ${decision.quiet ? "" : "allowing the stop: "}${decision.reason}\n`;
  if (format === "generic")
    return { stdout: generic(decision, payload), stderr, exitCode: decision.block ? 1 : 0 };
  // A block is {"decision":"block","reason"}; an allow prints nothing, or at a cap a systemMessage.
  if (decision.block)
    return {
      stdout: `${JSON.stringify({ decision: "block", reason: decision.reason })}\n`,
      stderr,
      exitCode: 0,
    };
  if (decision.warning)
    return {
      stdout: `${JSON.stringify({ systemMessage: decision.warning })}\n`,
      stderr,
      exitCode: 0,
    };
  return { stdout: "", stderr, exitCode: 0 };
}
