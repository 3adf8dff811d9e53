import { z } from "zod";
import {
  FailedFlowSchema,
  FailedTestSchema,
  FailuresSchema,
  FlakySchema,
  GateFindingBriefSchema,
  LintErrorSchema,
  TypecheckErrorSchema,
} from "./failures.js";
import { AggregatedVerdictSchema } from "./verdict.js";
import { DeliverableReviewSchema } from "./deliverable.js";
import { AgentLoopBriefSchema } from "./agent-loop.js";
import { DeclaredTestChangeSchema } from "./oracle.js";

/**
 * What one verification attempt decided (contract 7):
 * - `pass`: a clean pass, the ticket is closed;
 * - `retry`: a counted failure below the retry budget, the ticket goes back to in_progress;
 * - `escalate`: a counted failure at the budget, the ticket is blocked for a human;
 * - `flaky`: every failure was flaky (or the pass needed a rerun): not counted, verify again;
 * - `setup`: the verification could not be made (gates exit 2, runner broken): not counted.
 */
export const VERIFY_DECISIONS = ["pass", "retry", "escalate", "flaky", "setup"] as const;
export const VerifyDecisionSchema = z.enum(VERIFY_DECISIONS);
export type VerifyDecision = z.infer<typeof VerifyDecisionSchema>;

export const GatesSummarySchema = z.strictObject({
  status: z.enum(["pass", "fail", "needs_human", "error", "not_run"]),
  exit_code: z.number().int().nullable(),
  already_verified: z.boolean(),
  error: z.string().nullable(),
  /** True when gates passed because nothing could check the change: no gates evidence. */
  unchecked: z.boolean().optional(),
});
export type GatesSummary = z.infer<typeof GatesSummarySchema>;

/** One line of `.verify/log.jsonl`: one verification attempt of one ticket (contract 7). */
export const VerifyLogEntrySchema = z.strictObject({
  schema_version: z.literal(1),
  ticket: z.string().min(1),
  attempt: z.number().int().positive(),
  timestamp: z.string(),
  /** git tree of the working copy (tracked + untracked, minus the manager's own files); null outside git. */
  tree_hash: z.string().nullable(),
  /** The issue type (bug, task, feature...). */
  type: z.string(),
  pass: z.boolean(),
  decision: VerifyDecisionSchema,
  /** Whether this attempt counts toward the retry budget. */
  counted: z.boolean(),
  flows_run: z.array(z.string()),
  passed_flows: z.array(z.string()),
  failed_flows: z.array(FailedFlowSchema),
  tests_ran: z.boolean(),
  failed_tests: z.array(FailedTestSchema),
  failed_ac: z.array(z.string()),
  lint_errors: z.array(LintErrorSchema),
  typecheck_errors: z.array(TypecheckErrorSchema),
  gate_findings: z.array(GateFindingBriefSchema),
  gates: GatesSummarySchema,
  flaky: z.array(FlakySchema),
  setup_error: z.string().nullable(),
  /** Stable over identical failures; equal fingerprints on consecutive attempts mean "the same failure". */
  fingerprint: z.string(),
  same_as_previous: z.boolean(),
  /**
   * Everything that failed, as one record (the flat fields above are derived from it and
   * kept for readers of the first log lines). Absent on lines written before it existed.
   */
  failures: FailuresSchema.optional(),
  /**
   * The gates judge's verdict on the ticket's acceptance criteria: per criterion status and
   * evidence, the decision, and `fix_forward` (the next actions). Absent when no judge answered.
   */
  judge: AggregatedVerdictSchema.optional(),
  /**
   * A discovery, design or doc ticket: the deliverable rubric, item by item (seed 000); null
   * for a code ticket. On every line (seed 000's schema); a line written before reads as null.
   */
  deliverable_review: DeliverableReviewSchema.nullable().default(null),
  /**
   * The change touches UI paths (tickets.ui_paths): a human should smoke-test it. On every
   * line (seed 000's schema); a line written before reads as false.
   */
  manual_smoke_required: z.boolean().default(false),
  /** What that human should run: the UI files changed, the flows, the steps. */
  manual_smoke: z
    .strictObject({
      paths: z.array(z.string()),
      flows: z.array(z.string()),
      steps: z.array(z.string()),
    })
    .optional(),
  /**
   * The gates found the repository's latest agent loop ended `needs_human` (`loop escalate`), or
   * the manager's agent escalated the ticket (`escalate`): not verified, sent to a human.
   */
  agent_loop: AgentLoopBriefSchema.optional(),
  /** Oracle tests the task declared it changes (`## TESTS`, `action: modify`), as gates listed them. */
  declared_test_changes: z.array(DeclaredTestChangeSchema).optional(),
  /** The ticket's title at this attempt (shown by the HTML report; absent on older lines). */
  title: z.string().optional(),
  /**
   * The comment this attempt posts on the ticket, as written when the attempt was logged (cut
   * at 20 000 characters); absent on older lines.
   */
  comment: z.string().optional(),
  /**
   * HMAC-SHA256 (hex) of the line's bytes before this field, with a key kept in the user's
   * state folder, outside the working tree; the last field of the line. A line without a
   * valid one is foreign and never used. Readers get entries without it.
   */
  mac: z.string().optional(),
});
export type VerifyLogEntry = z.infer<typeof VerifyLogEntrySchema>;

export const LOOP_TICKET_STATES = [
  "pending",
  "running",
  "passed",
  "retry",
  "escalated",
  "flaky",
  "blocked",
] as const;
export const LoopTicketStateSchema = z.enum(LOOP_TICKET_STATES);
export type LoopTicketState = z.infer<typeof LoopTicketStateSchema>;

export const LoopTicketSchema = z.strictObject({
  id: z.string(),
  state: LoopTicketStateSchema,
  /** The attempt this batch makes (set when the ticket starts running). */
  attempt: z.number().int().positive().nullable(),
  reason: z.string().nullable(),
  updated_at: z.string(),
});
export type LoopTicket = z.infer<typeof LoopTicketSchema>;

/** `.verify/loop-status.json`: where a `verify-manager issues` batch stands, rewritten atomically. */
export const LoopStatusSchema = z.strictObject({
  schema_version: z.literal(1),
  state: z.enum(["running", "done", "halted"]),
  started_at: z.string(),
  updated_at: z.string(),
  selection: z.strictObject({
    labels: z.array(z.string()),
    status: z.string(),
    limit: z.number().int().nonnegative(),
    /** Ticket ids and epics named on the command line (`issues <id>…`); absent for a bd list selection. */
    ids: z.array(z.string()).optional(),
  }),
  halt_reason: z.string().nullable(),
  tickets: z.array(LoopTicketSchema),
  /** HMAC-SHA256 (hex) of the file's text before this field, as on a log line; the last field. */
  mac: z.string().optional(),
});
export type LoopStatus = z.infer<typeof LoopStatusSchema>;

/** What `verify-manager log <id> --json` prints: a ticket's attempts, oldest first. */
export const TicketLogSchema = z.strictObject({
  schema_version: z.literal(1),
  ticket: z.string(),
  entries: z.array(VerifyLogEntrySchema),
});
export type TicketLog = z.infer<typeof TicketLogSchema>;
