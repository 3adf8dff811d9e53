import { z } from "zod";
import { RunResultInputSchema } from "./run-result.js";

export const OUTCOMES = [
  "pass",
  "fail",
  "timeout",
  "crash",
  "malformed",
  "mismatch",
  "not_implemented",
  "unknown_flow",
  "setup_error",
  "flaky",
] as const;
export const OutcomeKindSchema = z.enum(OUTCOMES);
export type OutcomeKind = z.infer<typeof OutcomeKindSchema>;

/**
 * The first run of a flow that was run once more (trace policy `on-first-retry`): how it
 * ended. The outcome around it is the second run's, or `flaky` when that one passed.
 */
export const FirstAttemptSchema = z.strictObject({
  outcome: OutcomeKindSchema,
  duration_ms: z.number().nonnegative(),
  failing_step: z.string().nullable(),
  error: z.string().nullable(),
  /** The first run's own evidence (steps, screenshot, its stderr), so each attempt can be shown apart. */
  artifacts: z.record(z.string(), z.unknown()).nullable().optional(),
  result: RunResultInputSchema.nullable().optional(),
  stderr_tail: z.string().optional(),
});
export type FirstAttempt = z.infer<typeof FirstAttemptSchema>;

/** The manager's verdict on one flow (contract 4). */
export const FlowOutcomeSchema = z.strictObject({
  flow: z.string(),
  outcome: OutcomeKindSchema,
  exit_code: z.number().int().nullable(),
  signal: z.string().nullable(),
  duration_ms: z.number().nonnegative(),
  failing_step: z.string().nullable(),
  error: z.string().nullable(),
  artifacts: z.record(z.string(), z.unknown()).nullable(),
  stderr_tail: z.string(),
  result: RunResultInputSchema.nullable(),
  /**
   * `worker`: the flow ran in a long-lived `verify-runner --worker` with other flows, judged
   * from its one result line; `exit_code` and `signal` are then the worker's, and null unless
   * the worker ended during this flow. Absent: the flow had its own runner process.
   */
  isolation: z.enum(["process", "worker"]).optional(),
  /**
   * Present when the flow was run a second time, with the trace on, after its first run
   * failed or timed out (trace policy `on-first-retry`). `flaky`: the second run passed;
   * `failing_step` and `error` are then the first run's, `result` the second's.
   */
  first_attempt: FirstAttemptSchema.optional(),
  /** The flow as the runner's `--list` declares it (added for the HTML report; optional). */
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** The flow's module, relative to the project folder, when the manager found it. */
  file: z.string().optional(),
});
export type FlowOutcome = z.infer<typeof FlowOutcomeSchema>;

/** Which part of a sharded run a report holds (`verify-manager run --shard i/n`). */
export const ReportShardSchema = z.strictObject({
  index: z.number().int().positive(),
  total: z.number().int().positive(),
  /** Every flow selected before sharding, in run order: what the merged report covers. */
  selected: z.array(z.string()),
});
export type ReportShard = z.infer<typeof ReportShardSchema>;

/** Where and how a run was made (added for the HTML report's header; every field optional). */
export const RunMetaSchema = z.strictObject({
  /** When the run started, ISO 8601. */
  started_at: z.string().optional(),
  /** Wall-clock time of the whole run, from the first flow started to the last one ended. */
  wall_ms: z.number().nonnegative().optional(),
  /** Flows run at once (`--jobs`, resolved). */
  workers: z.number().int().positive().optional(),
  /** `git rev-parse HEAD` of the project, when it is a git repository. */
  git_commit: z.string().optional(),
  /** True when the work tree had uncommitted changes (`git status --porcelain` not empty). */
  git_dirty: z.boolean().optional(),
  /** The CI build this run was part of, from the CI's environment (GITHUB_RUN_ID, CI_JOB_URL...). */
  ci_build: z
    .strictObject({ provider: z.string(), id: z.string(), url: z.string().optional() })
    .optional(),
});
export type RunMeta = z.infer<typeof RunMetaSchema>;

/** What `verify-manager run --json` prints. */
export const RunReportSchema = z.strictObject({
  schema_version: z.literal(1),
  passed: z.boolean(),
  outcomes: z.array(FlowOutcomeSchema),
  shard: ReportShardSchema.optional(),
  meta: RunMetaSchema.optional(),
});
export type RunReport = z.infer<typeof RunReportSchema>;
