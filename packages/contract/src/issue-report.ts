import { z } from "zod";
import { OutcomeKindSchema, RunReportSchema } from "./outcome.js";

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
  comments: z
    .array(BdCommentInputSchema)
    .nullish()
    .transform((value) => value ?? []),
});
export type BdIssueInput = z.infer<typeof BdIssueInputSchema>;

export const ISSUE_COMMENT_KINDS = ["failure", "setup", "unknown_flows"] as const;
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

/** The fenced JSON block of an issue comment. */
export const IssueCommentReportSchema = z.strictObject({
  schema_version: z.literal(1),
  tool: z.literal("verify-manager"),
  kind: IssueCommentKindSchema,
  fingerprint: z.string(),
  outcomes: z.array(IssueCommentOutcomeSchema),
  unknown_flows: z.array(z.string()),
  truncated: z.boolean(),
});
export type IssueCommentReport = z.infer<typeof IssueCommentReportSchema>;

export const ISSUE_ACTIONS = ["closed", "commented", "still_failing", "none"] as const;

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
});
export type IssueVerification = z.infer<typeof IssueVerificationSchema>;
