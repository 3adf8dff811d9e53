import { z } from "zod";

export const DELIVERABLE_RULES = [
  "missing",
  "too-short",
  "no-headings",
  "fabricated-citation",
  "no-structure",
  "too-few-findings",
  "no-decisions",
  "unactionable",
  "time-estimate",
  "no-assumptions",
] as const;

/** One problem a deliverable review found: the file, the line when there is one, a rule. */
export const DeliverableFindingSchema = z.strictObject({
  file: z.string(),
  line: z.number().int().positive().nullable(),
  rule: z.enum(DELIVERABLE_RULES),
  message: z.string(),
});
export type DeliverableFinding = z.infer<typeof DeliverableFindingSchema>;

/** The kinds of ticket whose work is a document. */
export const DELIVERABLE_KINDS = ["discovery", "design", "doc"] as const;
export const DeliverableKindSchema = z.enum(DELIVERABLE_KINDS);
export type DeliverableKind = z.infer<typeof DeliverableKindSchema>;

/** The deliverable rubric's items (seed 000), in order. */
export const RUBRIC_ITEMS = [
  "exists",
  "structure",
  "actionable",
  "citations",
  "assumptions",
] as const;

export const RubricItemResultSchema = z.strictObject({
  item: z.enum(RUBRIC_ITEMS),
  /** `n/a`: the item does not apply (no findings to size, a clear description, no citations). */
  status: z.enum(["pass", "fail", "n/a"]),
  detail: z.string(),
});
export type RubricItemResult = z.infer<typeof RubricItemResultSchema>;

/** One `file:line` citation of the deliverable, checked against the code. */
export const CitationCheckSchema = z.strictObject({
  /** Where the deliverable cites it. */
  at: z.number().int().positive(),
  file: z.string(),
  line: z.number().int().positive(),
  /** The symbol or quoted text the finding names, which the cited line must contain. */
  needle: z.string().nullable(),
  ok: z.boolean(),
  reason: z.string().nullable(),
});
export type CitationCheck = z.infer<typeof CitationCheckSchema>;

/** The verify log's `deliverable_review`: each rubric item pass/fail for a document ticket. */
export const DeliverableReviewSchema = z.strictObject({
  file: z.string(),
  kind: DeliverableKindSchema,
  pass: z.boolean(),
  items: z.array(RubricItemResultSchema),
  /** Every `file:line` citation of the document, checked (in document order). */
  citations: z.array(CitationCheckSchema),
  /** How many `file:line` citations the document has in all. */
  citations_total: z.number().int().nonnegative(),
});
export type DeliverableReview = z.infer<typeof DeliverableReviewSchema>;

/** What `verify-gates deliverable <file> --json` prints. */
export const DeliverableResultSchema = z.strictObject({
  schema_version: z.literal(1),
  file: z.string(),
  status: z.enum(["pass", "fail"]),
  lines: z.number().int().nonnegative(),
  citations: z.number().int().nonnegative(),
  findings: z.array(DeliverableFindingSchema),
  /** The rubric item by item, and every citation checked: the manager's review of the same file. */
  review: DeliverableReviewSchema.optional(),
});
export type DeliverableResult = z.infer<typeof DeliverableResultSchema>;
