import { z } from "zod";
import { DeliverableKindSchema } from "./deliverable.js";
import { FlowNameSchema } from "./names.js";

/**
 * Inputs of the manager's MCP tools (`verify-manager mcp`). A manager agent sends these over
 * JSON-RPC, so they are schemas like every other JSON seam; the results are the contract
 * objects the CLI prints with `--json`.
 */

/** A tracker id reaches bd as one argv element; it must not look like a flag. */
export const TicketIdSchema = z
  .string({ error: "expected a string" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, {
    error: "expected a tracker id such as demo-7kq (letters, digits, . _ -)",
  });

const JobsSchema = z.number().int().min(1).max(16).describe("flows run in parallel (1-16)");

export const ListFlowsToolInputSchema = z.strictObject({});

export const RunFlowsToolInputSchema = z.strictObject({
  flows: z.array(FlowNameSchema).max(500).optional().describe("flow names from list_flows"),
  tags: z
    .array(z.string().regex(/^[A-Za-z0-9._,-]{1,128}$/))
    .max(50)
    .optional()
    .describe("select by tag: 'a,b' needs both, several entries mean either"),
  all: z.boolean().optional().describe("run every listed flow"),
  jobs: JobsSchema.optional(),
});

export const VerifyIssueToolInputSchema = z.strictObject({
  id: TicketIdSchema.describe("the bd ticket to verify"),
  dry_run: z.boolean().optional().describe("decide and report, change nothing"),
  retry_budget: z.number().int().min(1).max(100).optional(),
  jobs: JobsSchema.optional(),
});

export const EscalateIssueToolInputSchema = z.strictObject({
  id: TicketIdSchema.describe("the bd ticket to send to a human"),
  reason: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("why a human is needed (a test or the task is wrong): shown in the ticket's comment"),
});

export const IssueLogToolInputSchema = z.strictObject({
  id: TicketIdSchema.describe("the bd ticket whose verification history to read"),
});

/** A path in the project, relative to it (or absolute); never a flag, never a NUL. */
const ProjectPathSchema = z.string({ error: "expected a path" }).regex(/^[^-\0\n][^\0\n]{0,999}$/, {
  error: "expected a file path (not starting with '-', no NUL or newline, at most 1000 characters)",
});

export const RunGatesToolInputSchema = z.strictObject({
  only: z
    .array(z.string().regex(/^[a-z-]{1,32}$/))
    .max(20)
    .optional()
    .describe("run only these stages (no green stamp is written)"),
  base: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/~^-]{0,199}$/)
    .optional()
    .describe("the git ref the change is measured from"),
  task_file: ProjectPathSchema.optional().describe(
    "a task file (seed 004): its ## FILES set the scope, ESTIMATED_DIFF the diff budget, its criteria go to the judge",
  ),
});

export const PlanIssuesToolInputSchema = z.strictObject({
  ids: z
    .array(TicketIdSchema)
    .max(500)
    .optional()
    .describe("tickets or epics (an epic: its children); none: the tickets bd lists"),
  labels: z
    .array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/))
    .max(20)
    .optional()
    .describe("only tickets with every one of these labels (not with ids)"),
  status: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, { error: "expected a bd status, a comma list, or all" })
    .optional()
    .describe("bd status to select (default open,in_progress)"),
  limit: z.number().int().min(0).max(100000).optional().describe("at most this many (0 = all)"),
});

export const DoctorToolInputSchema = z.strictObject({});

export const CheckDeliverableToolInputSchema = z.strictObject({
  file: ProjectPathSchema.describe("the markdown deliverable, relative to the project"),
  min_lines: z.number().int().min(0).max(100000).optional().describe("minimum non-empty lines"),
  kind: DeliverableKindSchema.optional().describe(
    "the rubric's structure check: discovery (findings), design (decisions) or doc; absent: the kind the document's structure shows",
  ),
});

export type RunFlowsToolInput = z.infer<typeof RunFlowsToolInputSchema>;
export type VerifyIssueToolInput = z.infer<typeof VerifyIssueToolInputSchema>;
export type IssueLogToolInput = z.infer<typeof IssueLogToolInputSchema>;
export type EscalateIssueToolInput = z.infer<typeof EscalateIssueToolInputSchema>;
export type RunGatesToolInput = z.infer<typeof RunGatesToolInputSchema>;
export type PlanIssuesToolInput = z.infer<typeof PlanIssuesToolInputSchema>;
export type CheckDeliverableToolInput = z.infer<typeof CheckDeliverableToolInputSchema>;
