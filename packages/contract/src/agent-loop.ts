import { z } from "zod";

export const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** `.verify/agent-loop.json`: while it exists, `verify-gates hook` gates this session's stops. */
export const AgentLoopSchema = z.strictObject({
  schema_version: z.literal(1),
  session_id: z.string().regex(SESSION_ID_PATTERN),
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
});
export type AgentLoop = z.infer<typeof AgentLoopSchema>;

/**
 * A Stop / SubagentStop hook payload (Claude Code; other agents send the same fields).
 * Loose: the agent sends more fields than we read, and new ones over time.
 */
export const StopHookPayloadSchema = z.looseObject({
  session_id: z.string().min(1),
  cwd: z.string().min(1).optional(),
  stop_hook_active: z.boolean().optional(),
  hook_event_name: z.string().optional(),
  transcript_path: z.string().optional(),
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
});
export type HookAnswer = z.infer<typeof HookAnswerSchema>;
