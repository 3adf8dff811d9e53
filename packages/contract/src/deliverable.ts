import { z } from "zod";

export const DELIVERABLE_RULES = [
  "missing",
  "too-short",
  "no-headings",
  "fabricated-citation",
] as const;

/** One problem a deliverable review found: the file, the line when there is one, a rule. */
export const DeliverableFindingSchema = z.strictObject({
  file: z.string(),
  line: z.number().int().positive().nullable(),
  rule: z.enum(DELIVERABLE_RULES),
  message: z.string(),
});
export type DeliverableFinding = z.infer<typeof DeliverableFindingSchema>;

/** What `verify-gates deliverable <file> --json` prints. */
export const DeliverableResultSchema = z.strictObject({
  schema_version: z.literal(1),
  file: z.string(),
  status: z.enum(["pass", "fail"]),
  lines: z.number().int().nonnegative(),
  citations: z.number().int().nonnegative(),
  findings: z.array(DeliverableFindingSchema),
});
export type DeliverableResult = z.infer<typeof DeliverableResultSchema>;
