import { z } from "zod";

export const CHECK_STATUSES = ["ok", "warn", "fail"] as const;
export const CheckStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof CheckStatusSchema>;

export const DoctorCheckSchema = z.strictObject({
  name: z.string(),
  status: CheckStatusSchema,
  detail: z.string(),
  hint: z.string().nullable(),
});
export type DoctorCheck = z.infer<typeof DoctorCheckSchema>;

/** What `verify-manager doctor --json` prints; `ok` is false when any check failed. */
export const DoctorReportSchema = z.strictObject({
  schema_version: z.literal(1),
  ok: z.boolean(),
  checks: z.array(DoctorCheckSchema),
});
export type DoctorReport = z.infer<typeof DoctorReportSchema>;
