import { z } from "zod";

/** What one acceptance criterion came to; NEEDS_HUMAN when no parsable verdict spoke for it. */
export const CRITERION_STATUSES = ["PASS", "FAIL"] as const;
export const CriterionStatusSchema = z.enum(CRITERION_STATUSES);
export type CriterionStatus = z.infer<typeof CriterionStatusSchema>;

/** PASS when every criterion passes, FAIL when any fails, NEEDS_HUMAN when a verdict is missing or does not parse. */
export const VERDICT_DECISIONS = ["PASS", "FAIL", "NEEDS_HUMAN"] as const;
export const VerdictDecisionSchema = z.enum(VERDICT_DECISIONS);
export type VerdictDecision = z.infer<typeof VerdictDecisionSchema>;

/** One acceptance criterion given to the judge (from a task file or a ticket). */
export const CriterionSchema = z.strictObject({
  id: z.string().min(1),
  text: z.string(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

/** Seed 004's build-verdict speaks of YES/NO criteria: the same answers as PASS/FAIL. */
const SYNONYMS: Readonly<Record<string, CriterionStatus>> = { YES: "PASS", NO: "FAIL" };

const status = z
  .string()
  .transform((value) => {
    const word = value.trim().toUpperCase();
    return SYNONYMS[word] ?? word;
  })
  .pipe(CriterionStatusSchema);

/**
 * A verdict as a judge writes it: the ```deadfish:VERDICT block or its plain JSON form.
 * Loose: it comes from a model or a script, and fields we do not know are kept, not refused.
 */
export const JudgeVerdictBlockSchema = z.looseObject({
  scope: z.string().optional(),
  task_id: z.string().optional(),
  verify_sh: z.string().optional(),
  criteria: z.array(
    z.looseObject({ id: z.string().min(1), status, evidence: z.string().default("") }),
  ),
  decision: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(VerdictDecisionSchema)
    .optional(),
  fix_forward: z.array(z.string()).default([]),
});
export type JudgeVerdictBlock = z.infer<typeof JudgeVerdictBlockSchema>;

export const CriterionResultSchema = z.strictObject({
  id: z.string(),
  /** The criterion as written, when the criteria were given; null when only the judge named it. */
  text: z.string().nullable(),
  status: VerdictDecisionSchema,
  evidence: z.string(),
});
export type CriterionResult = z.infer<typeof CriterionResultSchema>;

/** The aggregate of one or more verdicts: `verify-gates verdict --json`, and the gates report's `judge`. */
export const AggregatedVerdictSchema = z.strictObject({
  schema_version: z.literal(1),
  decision: VerdictDecisionSchema,
  task_id: z.string().nullable(),
  criteria: z.array(CriterionResultSchema),
  /** The next actions the judge named, in order, without repeats. */
  fix_forward: z.array(z.string()),
  /** Why the decision is NEEDS_HUMAN or FAIL beyond the criteria: a missing block, a parse error, a criterion nobody judged. */
  problems: z.array(z.string()),
  verdicts: z.number().int().nonnegative(),
});
export type AggregatedVerdict = z.infer<typeof AggregatedVerdictSchema>;
