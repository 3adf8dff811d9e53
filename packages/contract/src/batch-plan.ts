import { z } from "zod";

/**
 * How a ticket is verified: `code` runs gates, flows and criteria; `deliverable` reviews a
 * document (discovery, design, doc tickets) with the deliverable rubric.
 */
export const TICKET_ROUTES = ["code", "deliverable"] as const;
export const TicketRouteSchema = z.enum(TICKET_ROUTES);
export type TicketRoute = z.infer<typeof TicketRouteSchema>;

/** One ticket of a batch plan: what it is and what its attempt will run. */
export const BatchPlanTicketSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  /** bd issue_type (task, bug, feature, discovery, doc...). */
  type: z.string(),
  status: z.string(),
  /** The epic this ticket was expanded from; null when it was named (or selected) itself. */
  epic: z.string().nullable(),
  route: TicketRouteSchema,
  /** Flows the attempt runs (its Verify: section, then flows its criteria cite). */
  flows: z.array(z.string()),
  /** Whether the code-level gates run first. */
  gates: z.boolean(),
  /** Acceptance criteria handed to the judge / checked against the evidence. */
  criteria: z.number().int().nonnegative(),
  /** The document a deliverable ticket is reviewed by; null for code tickets. */
  deliverable: z.string().nullable(),
  /** Why the attempt cannot verify as planned (no Verify: section, unknown flows); null when it can. */
  problem: z.string().nullable(),
});
export type BatchPlanTicket = z.infer<typeof BatchPlanTicketSchema>;

/** What `verify-manager issues` will do, in order: printed before it starts, and alone under --dry-run. */
export const BatchPlanSchema = z.strictObject({
  schema_version: z.literal(1),
  dry_run: z.boolean(),
  /** true when an existing .verify/loop-status.json is resumed: the tickets are what it has left. */
  resumed: z.boolean(),
  selection: z.strictObject({
    /** The ids and epics named on the command line; empty when bd's list selected. */
    ids: z.array(z.string()),
    labels: z.array(z.string()),
    status: z.string(),
    limit: z.number().int().nonnegative(),
  }),
  tickets: z.array(BatchPlanTicketSchema),
});
export type BatchPlan = z.infer<typeof BatchPlanSchema>;
