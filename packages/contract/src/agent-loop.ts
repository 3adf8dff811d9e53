import { z } from "zod";

export const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** Why a loop ended red: our `max_iterations`, or the agent's own cap on consecutive blocks. */
export const LOOP_CAPS = ["max_iterations", "agent_block_cap"] as const;
export const LoopCapSchema = z.enum(LOOP_CAPS);
export type LoopCap = z.infer<typeof LoopCapSchema>;

/**
 * Where a loop stands. `active`: the hook gates the session's stops. The others ended it:
 * `passed` (a green stop), `capped` (still red at a cap), `needs_human` (`loop escalate`: the agent
 * says a test or the task is wrong), `disarmed` (`loop stop`, or re-armed while active). Only
 * `passed` is verified.
 */
export const LOOP_STATES = ["active", "passed", "capped", "needs_human", "disarmed"] as const;
export const LoopStateSchema = z.enum(LOOP_STATES);
export type LoopState = z.infer<typeof LoopStateSchema>;

/** Who ended a loop: the hook (green or cap), a command run by the coding agent, or by a person. */
export const LOOP_ENDERS = ["hook", "agent", "user"] as const;
export const LoopEnderSchema = z.enum(LOOP_ENDERS);
export type LoopEnder = z.infer<typeof LoopEnderSchema>;

/**
 * One session's loop (a subagent's: its own), kept signed in the user's state folder
 * (`<state>/gates/<repo>/loops/`), never in the working tree: while it is `active`,
 * `verify-gates hook` gates this session's (this agent's) stops. An ended loop is kept, so the
 * manager and the next `loop start` see how it ended.
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
  /**
   * The merge base `loop start` resolved (from `base`, `BASE`, the config's `base:` or the
   * default branch), as a commit: every gated stop compares with it, so moving a ref or the
   * config's `base:` during the loop changes nothing. Absent in loops armed before.
   */
  base_commit: z
    .string()
    .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/)
    .optional(),
  task_file: z.string().optional(),
  /**
   * The ticket the loop works on (`loop start --ticket`, else the task file's `TASK_ID:`): the
   * manager escalates only that ticket when the loop ends `needs_human`.
   */
  ticket: z.string().min(1).optional(),
  /** The last gates status the hook saw, for `loop status`. */
  last_status: z.string().optional(),
  /** Absent = active. Every other state ended the loop: it gates no more stops (`loop start` re-arms). */
  state: LoopStateSchema.optional(),
  /** Which cap ended it, when `state` is `capped`. */
  capped_by: LoopCapSchema.optional(),
  /** Blocks in a row within one turn (the payload's `stop_hook_active`), against the agent's own cap. */
  consecutive_blocks: z.number().int().nonnegative().optional(),
  /** The working tree `loop start` ran in: the hook's gates run there when the payload names none. */
  root: z.string().optional(),
  /** The oracle snapshot taken at `loop start`: every gates run of the loop is judged by it. */
  oracle_snapshot: z.string().optional(),
  /**
   * The record of the trusted tools' installed packages (every file's sha256) taken at
   * `loop start`, by its own sha256: every gated stop checks the tools against it.
   */
  tools_snapshot: z.string().optional(),
  /**
   * The task file's content at `loop start` (its sha256, the content kept with the oracle's):
   * every gated stop reads the task from it, so a `## TESTS` entry the agent adds later (a
   * declared change, a dropped acceptance test) never decides. Absent in loops armed before.
   */
  task_snapshot: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** When and by whom the loop ended, and why (`loop escalate`'s reason, `loop stop`, re-armed). */
  ended_at: z.string().optional(),
  ended_by: LoopEnderSchema.optional(),
  end_reason: z.string().optional(),
  /** The last gated stop's summary (what was red): the evidence an escalation carries. */
  last_summary: z.string().optional(),
  /**
   * What the next stop of the session tells the user, once: a `loop stop` (who, when, how red the
   * change was at its last check). Carried over by the `loop start` that follows it, cleared by
   * the stop that shows it.
   */
  pending_notice: z.string().optional(),
});
export type AgentLoop = z.infer<typeof AgentLoopSchema>;

/**
 * The gates report's `agent_loop` (and the verify log's): how the repository's latest agent loop
 * (the main agent's, by `started_at`) stands. The manager reads it: a `needs_human` loop (the
 * agent ran `loop escalate`) is never verified, and its ticket goes to a human with the reason.
 */
export const AgentLoopBriefSchema = z.strictObject({
  session_id: z.string(),
  state: LoopStateSchema,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: LoopEnderSchema.nullable(),
  /** `loop escalate`'s reason (or why the loop was otherwise ended); null while active. */
  reason: z.string().nullable(),
  /** The last gated stop's summary (what was red): the evidence an escalation carries. */
  last_summary: z.string().nullable(),
  /** The ticket the loop works on; absent when `loop start` named none (then it concerns every ticket of the tree). */
  ticket: z.string().optional(),
});
export type AgentLoopBrief = z.infer<typeof AgentLoopBriefSchema>;

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

/**
 * One SessionStart / UserPromptSubmit the hook saw, kept (signed, the latest few) in the user's
 * state folder: what `loop start` without a session id goes by.
 */
export const SessionRecordSchema = z.strictObject({
  schema_version: z.literal(1),
  session_id: z.string().regex(SESSION_ID_PATTERN),
  event: z.string(),
  recorded_at: z.string(),
  /** The prompt was `/verify-loop …`: the only record `loop start` without `--session` arms. */
  verify_loop_prompt: z.boolean().optional(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** One line of `.verify/agent-loop.log.jsonl`: what the hook decided on one gated stop. */
export const AgentLoopLogEntrySchema = z.strictObject({
  schema_version: z.literal(1),
  timestamp: z.string(),
  session_id: z.string(),
  agent_id: z.string().nullable(),
  event: z.string(),
  /**
   * `blocked`: the stop was refused; `passed`: gates green, loop ended; `capped`: still red at a
   * cap, stop allowed; `needs_human`: `loop escalate` ended it; `disarmed`: `loop stop` or a
   * re-arm ended it. Only `passed` is verified.
   */
  outcome: z.enum(["blocked", "passed", "capped", "needs_human", "disarmed"]),
  iteration: z.number().int().nonnegative(),
  max_iterations: z.number().int().positive(),
  gates_status: z.string(),
  gates_exit_code: z.number().int(),
  capped_by: LoopCapSchema.nullable(),
  /** Who ended the loop and why (`needs_human`, `disarmed`). */
  ended_by: LoopEnderSchema.optional(),
  reason: z.string().optional(),
});
export type AgentLoopLogEntry = z.infer<typeof AgentLoopLogEntrySchema>;
