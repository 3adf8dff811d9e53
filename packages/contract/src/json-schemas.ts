import { z } from "zod";
import { BrowserCheckSchema } from "./browser-check.js";
import { FlowListSchema } from "./flow-list.js";
import { GatesConfigSchema } from "./gates-config.js";
import { GatesReportSchema } from "./gates-report.js";
import { ManifestSchema } from "./manifest.js";
import { RunReportSchema } from "./outcome.js";
import { RunResultSchema } from "./run-result.js";
import { LoopStatusSchema, VerifyLogEntrySchema } from "./verify-log.js";
import { DeliverableResultSchema } from "./deliverable.js";
import { DoctorReportSchema } from "./doctor-report.js";
import { FailuresSchema } from "./failures.js";
import { IssueCommentReportSchema, IssueVerificationSchema } from "./issue-report.js";
import { ListOutputSchema } from "./list-output.js";
import { LogOutputSchema } from "./log-output.js";

/** Schemas published as JSON Schema files under `schema/` for runners in other languages. */
const PUBLISHED = {
  manifest: { schema: ManifestSchema, io: "input" },
  "flow-list": { schema: FlowListSchema, io: "output" },
  "run-result": { schema: RunResultSchema, io: "output" },
  "run-report": { schema: RunReportSchema, io: "output" },
  "browser-check": { schema: BrowserCheckSchema, io: "output" },
  "gates-config": { schema: GatesConfigSchema, io: "input" },
  "gates-report": { schema: GatesReportSchema, io: "output" },
  "verify-log-entry": { schema: VerifyLogEntrySchema, io: "output" },
  "loop-status": { schema: LoopStatusSchema, io: "output" },
  failures: { schema: FailuresSchema, io: "output" },
  "issue-comment": { schema: IssueCommentReportSchema, io: "output" },
  "issue-verification": { schema: IssueVerificationSchema, io: "output" },
  "list-output": { schema: ListOutputSchema, io: "output" },
  "log-output": { schema: LogOutputSchema, io: "output" },
  "doctor-report": { schema: DoctorReportSchema, io: "output" },
  "deliverable-result": { schema: DeliverableResultSchema, io: "output" },
} as const satisfies Record<string, { schema: z.ZodType; io: "input" | "output" }>;

export type PublishedSchemaName = keyof typeof PUBLISHED;

/** JSON Schema documents generated from the zod schemas (the committed files must match). */
export function JSON_SCHEMAS(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, { schema, io }] of Object.entries(PUBLISHED)) {
    out[name] = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  }
  return out;
}
