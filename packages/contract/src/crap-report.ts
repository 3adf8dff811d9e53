import { z } from "zod";

/** One function's CRAP score: complexity² × (1 − coverage)³ + complexity. */
export const CrapFunctionSchema = z.strictObject({
  file: z.string(),
  name: z.string(),
  /** Line of the function head. */
  line: z.number().int().positive(),
  complexity: z.number().int().positive(),
  /** Its own statements covered, 0-100. */
  coverage_pct: z.number().min(0).max(100),
  crap: z.number().nonnegative(),
  over_threshold: z.boolean(),
});
export type CrapFunction = z.infer<typeof CrapFunctionSchema>;

/** `.verify/crap.json`, beside `gates.json` (seed 002): the crap stage's scores, written each time it runs. */
export const CrapReportSchema = z.strictObject({
  schema_version: z.literal(1),
  threshold: z.number().positive(),
  merge_base: z.string(),
  /** `skipped`: nothing was scored (no changed functions, or no coverage); `reason` says why. */
  status: z.enum(["scored", "skipped"]),
  reason: z.string().nullable(),
  /** Every function the change touched; these alone can fail the gate. */
  functions: z.array(CrapFunctionSchema),
  /** Test files changed, so every covered function was scored as well. */
  full_scan: z.boolean(),
  /** Functions outside the change over the threshold (full scan): reported, never failing. */
  advisory: z.array(CrapFunctionSchema),
});
export type CrapReport = z.infer<typeof CrapReportSchema>;
