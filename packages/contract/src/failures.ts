import { z } from "zod";
import { DeliverableFindingSchema } from "./deliverable.js";
import { OutcomeKindSchema } from "./outcome.js";

export const FailedFlowSchema = z.strictObject({
  flow: z.string(),
  outcome: OutcomeKindSchema,
  failing_step: z.string().nullable(),
  error: z.string().nullable(),
});
export type FailedFlow = z.infer<typeof FailedFlowSchema>;

export const FailedTestSchema = z.strictObject({
  file: z.string().nullable(),
  name: z.string(),
  message: z.string(),
});
export type FailedTest = z.infer<typeof FailedTestSchema>;

export const LintErrorSchema = z.strictObject({
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  rule: z.string(),
  message: z.string(),
});
export type LintError = z.infer<typeof LintErrorSchema>;

export const TypecheckErrorSchema = z.strictObject({
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  code: z.string(),
  message: z.string(),
});
export type TypecheckError = z.infer<typeof TypecheckErrorSchema>;

/** A gates finding that is none of the above (floor, regression, secrets, format, CRAP...). */
export const GateFindingBriefSchema = z.strictObject({
  stage: z.string(),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  rule: z.string(),
  message: z.string(),
});
export type GateFindingBrief = z.infer<typeof GateFindingBriefSchema>;

export const FlakySchema = z.strictObject({
  kind: z.enum(["flow", "test"]),
  name: z.string(),
  /**
   * `rerun_passed`: failed, then passed on a rerun in the same attempt;
   * `passed_before`: fails now, passed at the previous attempt on the same tree;
   * `failed_before`: passes now, failed at the previous attempt on the same tree;
   * `confirm_failed`: passed, then failed a confirmation run in the same attempt (a lucky pass).
   */
  reason: z.enum(["rerun_passed", "passed_before", "failed_before", "confirm_failed"]),
});
export type Flaky = z.infer<typeof FlakySchema>;

/**
 * Everything one verification attempt found wrong, one list per kind (contract 7). The verify
 * log entry and the comment's attempt block carry it whole as `failures`; a new kind is a new
 * optional list here, filled by one collector.
 */
export const FailuresSchema = z.strictObject({
  failed_flows: z.array(FailedFlowSchema),
  failed_tests: z.array(FailedTestSchema),
  /** Acceptance criteria not met, each with the reason when evidence decided it. */
  failed_ac: z.array(z.string()),
  lint_errors: z.array(LintErrorSchema),
  typecheck_errors: z.array(TypecheckErrorSchema),
  gate_findings: z.array(GateFindingBriefSchema),
  /** What a deliverable review (`verify-gates deliverable`) found. */
  deliverable_findings: z.array(DeliverableFindingSchema),
  /** The verification could not be made; nothing else in the record is a product failure. */
  setup_error: z.string().nullable(),
  /** Failures that did not hold up (reruns, the previous attempt on the same tree): never counted. */
  flaky: z.array(FlakySchema),
});
export type Failures = z.infer<typeof FailuresSchema>;
