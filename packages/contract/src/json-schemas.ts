import { z } from "zod";
import { BrowserCheckSchema } from "./browser-check.js";
import { BrowserServerInfoSchema } from "./browser-server.js";
import { FlowListSchema } from "./flow-list.js";
import { GatesConfigSchema } from "./gates-config.js";
import { GatesReportSchema } from "./gates-report.js";
import { InitReportSchema } from "./init-report.js";
import { ManifestSchema, WebServerSchema } from "./manifest.js";
import { RunReportSchema } from "./outcome.js";
import { RunResultSchema } from "./run-result.js";
import {
  CheckDeliverableToolInputSchema,
  DoctorToolInputSchema,
  IssueLogToolInputSchema,
  ListFlowsToolInputSchema,
  PlanIssuesToolInputSchema,
  RunFlowsToolInputSchema,
  RunGatesToolInputSchema,
  VerifyIssueToolInputSchema,
} from "./mcp-tools.js";
import { LoopStatusSchema, TicketLogSchema, VerifyLogEntrySchema } from "./verify-log.js";
import { DeliverableResultSchema, DeliverableReviewSchema } from "./deliverable.js";
import { DoctorReportSchema } from "./doctor-report.js";
import { FailuresSchema } from "./failures.js";
import { IssueCommentReportSchema, IssueVerificationSchema } from "./issue-report.js";
import { ListOutputSchema } from "./list-output.js";
import {
  AgentLoopLogEntrySchema,
  AgentLoopSchema,
  HookAnswerSchema,
  StopHookPayloadSchema,
} from "./agent-loop.js";
import { AggregatedVerdictSchema, JudgeVerdictBlockSchema } from "./verdict.js";
import { BatchPlanSchema } from "./batch-plan.js";
import { GatesProgressEventSchema } from "./gates-progress.js";
import { CrapReportSchema } from "./crap-report.js";

/** Schemas published as JSON Schema files under `schema/` for runners in other languages. */
const PUBLISHED = {
  manifest: { schema: ManifestSchema, io: "input" },
  "flow-list": { schema: FlowListSchema, io: "output" },
  "run-result": { schema: RunResultSchema, io: "output" },
  "run-report": { schema: RunReportSchema, io: "output" },
  "browser-check": { schema: BrowserCheckSchema, io: "output" },
  "browser-server": { schema: BrowserServerInfoSchema, io: "output" },
  "gates-config": { schema: GatesConfigSchema, io: "input" },
  "gates-report": { schema: GatesReportSchema, io: "output" },
  "verify-log-entry": { schema: VerifyLogEntrySchema, io: "output" },
  "loop-status": { schema: LoopStatusSchema, io: "output" },
  "init-report": { schema: InitReportSchema, io: "output" },
  "ticket-log": { schema: TicketLogSchema, io: "output" },
  "mcp-list-flows-input": { schema: ListFlowsToolInputSchema, io: "input" },
  "mcp-run-flows-input": { schema: RunFlowsToolInputSchema, io: "input" },
  "mcp-verify-issue-input": { schema: VerifyIssueToolInputSchema, io: "input" },
  "mcp-issue-log-input": { schema: IssueLogToolInputSchema, io: "input" },
  "mcp-run-gates-input": { schema: RunGatesToolInputSchema, io: "input" },
  "mcp-plan-issues-input": { schema: PlanIssuesToolInputSchema, io: "input" },
  "mcp-doctor-input": { schema: DoctorToolInputSchema, io: "input" },
  "mcp-check-deliverable-input": { schema: CheckDeliverableToolInputSchema, io: "input" },
  failures: { schema: FailuresSchema, io: "output" },
  "issue-comment": { schema: IssueCommentReportSchema, io: "output" },
  "issue-verification": { schema: IssueVerificationSchema, io: "output" },
  "list-output": { schema: ListOutputSchema, io: "output" },
  "doctor-report": { schema: DoctorReportSchema, io: "output" },
  "deliverable-result": { schema: DeliverableResultSchema, io: "output" },
  "agent-loop": { schema: AgentLoopSchema, io: "output" },
  "stop-hook-payload": { schema: StopHookPayloadSchema, io: "input" },
  "hook-answer": { schema: HookAnswerSchema, io: "output" },
  "agent-loop-log-entry": { schema: AgentLoopLogEntrySchema, io: "output" },
  "crap-report": { schema: CrapReportSchema, io: "output" },
  "judge-verdict": { schema: JudgeVerdictBlockSchema, io: "input" },
  verdict: { schema: AggregatedVerdictSchema, io: "output" },
  "batch-plan": { schema: BatchPlanSchema, io: "output" },
  "deliverable-review": { schema: DeliverableReviewSchema, io: "output" },
  "gates-progress-event": { schema: GatesProgressEventSchema, io: "output" },
} as const satisfies Record<string, { schema: z.ZodType; io: "input" | "output" }>;

/** The rule the zod refinement enforces, stated for JSON Schema readers: command or static. */
const WEB_SERVER_FORMS = {
  oneOf: [
    {
      required: ["command", "url"],
      not: {
        anyOf: [{ required: ["static"] }, { required: ["port"] }, { required: ["spa_fallback"] }],
      },
    },
    {
      required: ["static"],
      not: { anyOf: [{ required: ["command"] }, { required: ["url"] }, { required: ["cwd"] }] },
    },
  ],
};

export type PublishedSchemaName = keyof typeof PUBLISHED;

/** JSON Schema documents generated from the zod schemas (the committed files must match). */
export function JSON_SCHEMAS(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, { schema, io }] of Object.entries(PUBLISHED)) {
    out[name] = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
      override: (ctx) => {
        if (ctx.zodSchema === WebServerSchema) Object.assign(ctx.jsonSchema, WEB_SERVER_FORMS);
      },
    });
  }
  return out;
}
