import { z } from "zod";
import { OutcomeKindSchema, RunReportSchema } from "./outcome.js";
import {
  FailedFlowSchema,
  FailedTestSchema,
  FailuresSchema,
  FlakySchema,
  GateFindingBriefSchema,
  LintErrorSchema,
  TypecheckErrorSchema,
} from "./failures.js";
import { VerifyDecisionSchema, VerifyLogEntrySchema } from "./verify-log.js";

// bd's JSON is read, not emitted: loose objects so that fields bd adds (or versions that
// omit optional ones) never break the manager. Only what the manager uses is named.
export const BdCommentInputSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  issue_id: z.string().optional(),
  author: z.string().optional(),
  text: z.string(),
  created_at: z.string().optional(),
});
export type BdCommentInput = z.infer<typeof BdCommentInputSchema>;

export const BdIssueInputSchema = z.looseObject({
  id: z.string(),
  title: z.string().default(""),
  status: z.string().default("open"),
  description: z.string().default(""),
  acceptance_criteria: z.string().default(""),
  notes: z.string().default(""),
  close_reason: z.string().optional(),
  issue_type: z.string().default("task"),
  /** bd's free-form metadata object; the manager keeps its status-change marker there. */
  metadata: z.record(z.string(), z.unknown()).nullish(),
  labels: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  comments: z
    .array(BdCommentInputSchema)
    .nullish()
    .transform((value) => value ?? []),
  /**
   * What the issue depends on: `bd show` gives each as the full issue with `dependency_type`
   * (`blocks`, `parent-child`…); `bd list` gives edge records. Every field optional: a shape
   * bd changes must not make the issue unreadable (an unreadable blocker still blocks).
   */
  dependencies: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        depends_on_id: z.string().optional(),
        status: z.string().optional(),
        dependency_type: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});
export type BdIssueInput = z.infer<typeof BdIssueInputSchema>;

export const ISSUE_COMMENT_KINDS = [
  "failure",
  "setup",
  "unknown_flows",
  "flaky",
  "escalation",
] as const;
export const IssueCommentKindSchema = z.enum(ISSUE_COMMENT_KINDS);
export type IssueCommentKind = z.infer<typeof IssueCommentKindSchema>;

/** One flow in the fenced JSON block the manager posts on an issue (contract 5). */
export const IssueCommentOutcomeSchema = z.strictObject({
  flow: z.string(),
  outcome: OutcomeKindSchema,
  failing_step: z.string().nullable(),
  error: z.string().nullable(),
  screenshot: z.string().nullable(),
  url_at_failure: z.string().nullable(),
  error_context: z.string().nullable(),
  trace: z.string().nullable(),
  stderr_tail: z.string(),
});
export type IssueCommentOutcome = z.infer<typeof IssueCommentOutcomeSchema>;

/** The ticket loop's structured failure context in a comment (contract 7). */
export const IssueCommentAttemptSchema = z.strictObject({
  ticket: z.string(),
  attempt: z.number().int().positive(),
  retry_budget: z.number().int().positive(),
  counted_failures: z.number().int().nonnegative(),
  decision: VerifyDecisionSchema,
  same_as_previous: z.boolean(),
  failed_flows: z.array(FailedFlowSchema),
  failed_tests: z.array(FailedTestSchema),
  failed_ac: z.array(z.string()),
  lint_errors: z.array(LintErrorSchema),
  typecheck_errors: z.array(TypecheckErrorSchema),
  gate_findings: z.array(GateFindingBriefSchema),
  flaky: z.array(FlakySchema),
  setup_error: z.string().nullable(),
  /** On escalation: every attempt so far, oldest first. */
  history: z
    .array(
      z.strictObject({
        attempt: z.number().int().positive(),
        timestamp: z.string(),
        decision: VerifyDecisionSchema,
        fingerprint: z.string(),
        summary: z.string(),
      }),
    )
    .optional(),
  /** The attempt's failures as one record (the flat lists above are derived from it), clipped. */
  failures: FailuresSchema.optional(),
});

/** The fenced JSON block of an issue comment. */
export const IssueCommentReportSchema = z.strictObject({
  schema_version: z.literal(1),
  tool: z.literal("verify-manager"),
  kind: IssueCommentKindSchema,
  fingerprint: z.string(),
  outcomes: z.array(IssueCommentOutcomeSchema),
  unknown_flows: z.array(z.string()),
  truncated: z.boolean(),
  /** The ticket loop's structured failure context (contract 7); absent on plain flow reports. */
  attempt: IssueCommentAttemptSchema.optional(),
  /**
   * HMAC-SHA256 (hex) of the attempt's ticket, number, decision and fingerprint with the
   * manager's key: only the manager's own comment carries it. Absent before signing existed.
   */
  mac: z.string().optional(),
});
export type IssueCommentReport = z.infer<typeof IssueCommentReportSchema>;

export const ISSUE_ACTIONS = ["closed", "commented", "still_failing", "none", "escalated"] as const;

/** What `verify-manager issue --json` prints. */
export const IssueVerificationSchema = z.strictObject({
  schema_version: z.literal(1),
  issue: z.string(),
  verdict: z.enum(["passed", "failed", "setup"]),
  action: z.enum(ISSUE_ACTIONS),
  dry_run: z.boolean(),
  flows: z.array(z.string()),
  comment: z.string().nullable(),
  close_reason: z.string().nullable(),
  report: RunReportSchema.nullable(),
  /** The ticket loop (contract 7): the attempt this run decided, and its log line. */
  attempt: z.number().int().positive().nullable().optional(),
  decision: VerifyDecisionSchema.nullable().optional(),
  /** True when this run only finished the tracker changes of an attempt a killed run had logged. */
  resumed: z.boolean().optional(),
  entry: VerifyLogEntrySchema.nullable().optional(),
});
export type IssueVerification = z.infer<typeof IssueVerificationSchema>;
