import { z } from "zod";

export const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** Why a loop ended red: our `max_iterations`, or the agent's own cap on consecutive blocks. */
export const LOOP_CAPS = ["max_iterations", "agent_block_cap"] as const;
export const LoopCapSchema = z.enum(LOOP_CAPS);
export type LoopCap = z.infer<typeof LoopCapSchema>;

/**
 * `.verify/agent-loops/s.<session>.json` (a subagent's: `s.<session>@<agent>.json`): while it
 * exists and is `active`, `verify-gates hook` gates this session's (this agent's) stops.
 */
export const AgentLoopSchema = z.strictObject({
  schema_version: z.literal(1),
  session_id: z.string().regex(SESSION_ID_PATTERN),
  /** A subagent's own loop (the payload's `agent_id`); absent for the session's main agent. */
  agent_id: z.string().min(1).optional(),
  /** Stops blocked so far in this loop. */
  iteration: z.number().int().nonnegative(),
  max_iterations: z.number().int().positive(),
  started_at: z.string(),
  updated_at: z.string(),
  /** Gates options the hook passes on every run. */
  base: z.string().optional(),
  task_file: z.string().optional(),
  /** The last gates status the hook saw, for `loop status`. */
  last_status: z.string().optional(),
  /** `capped`: the loop ended red at a cap and gates no more stops (`loop start` re-arms). Absent = active. */
  state: z.enum(["active", "capped"]).optional(),
  /** Which cap ended it, when `state` is `capped`. */
  capped_by: LoopCapSchema.optional(),
  /** Blocks in a row within one turn (the payload's `stop_hook_active`), against the agent's own cap. */
  consecutive_blocks: z.number().int().nonnegative().optional(),
});
export type AgentLoop = z.infer<typeof AgentLoopSchema>;

/**
 * A Stop / SubagentStop / SessionStart / UserPromptSubmit hook payload (Claude Code; other
 * agents send the same fields). Loose: the agent sends more fields than we read, and new ones over time.
 */
export const StopHookPayloadSchema = z.looseObject({
  session_id: z.string().min(1),
  cwd: z.string().min(1).optional(),
  stop_hook_active: z.boolean().optional(),
  hook_event_name: z.string().optional(),
  transcript_path: z.string().optional(),
  /** SubagentStop: the subagent's id and type. */
  agent_id: z.string().min(1).optional(),
  agent_type: z.string().optional(),
});
export type StopHookPayload = z.infer<typeof StopHookPayloadSchema>;

/** The generic form of the hook's answer (`verify-gates hook --format generic`). */
export const HookAnswerSchema = z.strictObject({
  schema_version: z.literal(1),
  decision: z.enum(["allow", "block"]),
  reason: z.string(),
  session_id: z.string().nullable(),
  iteration: z.number().int().nonnegative().nullable(),
  max_iterations: z.number().int().positive().nullable(),
  gates_status: z.string().nullable(),
  /** Set when this answer ended the loop red at a cap. */
  capped_by: LoopCapSchema.optional(),
});
export type HookAnswer = z.infer<typeof HookAnswerSchema>;

/** `.verify/agent-loops/current-session.json`: the session of the latest SessionStart / UserPromptSubmit. */
export const SessionRecordSchema = z.strictObject({
  schema_version: z.literal(1),
  session_id: z.string().regex(SESSION_ID_PATTERN),
  event: z.string(),
  recorded_at: z.string(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** One line of `.verify/agent-loop.log.jsonl`: what the hook decided on one gated stop. */
export const AgentLoopLogEntrySchema = z.strictObject({
  schema_version: z.literal(1),
  timestamp: z.string(),
  session_id: z.string(),
  agent_id: z.string().nullable(),
  event: z.string(),
  /** `blocked`: the stop was refused; `passed`: gates green, loop ended; `capped`: still red at a cap, stop allowed. */
  outcome: z.enum(["blocked", "passed", "capped"]),
  iteration: z.number().int().nonnegative(),
  max_iterations: z.number().int().positive(),
  gates_status: z.string(),
  gates_exit_code: z.number().int(),
  capped_by: LoopCapSchema.nullable(),
});
export type AgentLoopLogEntry = z.infer<typeof AgentLoopLogEntrySchema>;
