import {
  BatchPlanSchema,
  DoctorReportSchema,
  DoctorToolInputSchema,
  EscalateIssueToolInputSchema,
  IssueLogToolInputSchema,
  IssueVerificationSchema,
  PlanIssuesToolInputSchema,
  TicketLogSchema,
  VerifyIssueToolInputSchema,
  type EscalateIssueToolInput,
  type IssueLogToolInput,
  type PlanIssuesToolInput,
  type TicketLog,
  type VerifyIssueToolInput,
} from "@agent-verify/contract";
import { isManagerError, ManagerErrorCode } from "../errors.js";
import { showNamed } from "../ticket/batch/select-ids.js";
import { BdTracker } from "../tracker/bd-tracker.js";
import { managerCommand, type CallOptions } from "./cli-call.js";
import { READER, type ToolFailure, type ToolSpec } from "./tool-spec.js";

const TRACKER_HINT = "call doctor: it checks bd and the tracker (BEADS_DIR) with a fix for each";

export const verifyIssue: ToolSpec<VerifyIssueToolInput> = {
  name: "verify_issue",
  title: "Verify a ticket",
  description:
    "One verification attempt of a bd ticket: gates, the flows its Verify: section names, its " +
    "acceptance criteria; then the ticket is closed, sent back with the failure context, or " +
    "escalated (dry_run changes nothing). Same locks and log as `verify-manager issue`. Sends " +
    "progress (gates stages, flows) when asked.",
  input: VerifyIssueToolInputSchema,
  output: IssueVerificationSchema,
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  progress: { managerLines: true, gatesEvents: true },
  hint: TRACKER_HINT,
  command: (input, { dir }) => {
    const args = ["issue", input.id];
    if (input.dry_run === true) args.push("--dry-run");
    if (input.retry_budget !== undefined) args.push("--retry-budget", String(input.retry_budget));
    if (input.jobs !== undefined) args.push("--jobs", String(input.jobs));
    return managerCommand(args, dir);
  },
};

export const escalateIssue: ToolSpec<EscalateIssueToolInput> = {
  name: "escalate_issue",
  title: "Send a ticket to a human",
  description:
    "The honest way out: verify nothing, record the ticket as not verified in .verify/log.jsonl " +
    "and escalate it to a human (label needs-human, status blocked) with the reason in its " +
    "comment. For a test or a task that is wrong, never to skip a failure. Same as " +
    "`verify-manager issue <id> --escalate <reason>`.",
  input: EscalateIssueToolInputSchema,
  output: IssueVerificationSchema,
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  hint: TRACKER_HINT,
  command: (input, { dir }) => managerCommand(["issue", input.id, "--escalate", input.reason], dir),
};

/** An empty history is an answer only for a ticket bd knows. */
async function knownTicket(
  value: unknown,
  input: IssueLogToolInput,
  { dir, env }: CallOptions,
): Promise<ToolFailure | undefined> {
  if ((value as TicketLog).entries.length > 0) return undefined;
  try {
    await showNamed(new BdTracker({ cwd: dir, env }), input.id);
    return undefined;
  } catch (error) {
    if (!isManagerError(error)) throw error;
    if (error.code === ManagerErrorCode.IssueNotFound) {
      return {
        reason: `no ticket ${JSON.stringify(input.id)}: bd has no such issue and .verify/log.jsonl has no attempt of it`,
        hint: "check the id with `bd show <id>`, or call plan_issues to see the tickets bd lists",
      };
    }
    return { reason: error.message, hint: error.hint ?? TRACKER_HINT };
  }
}

export const issueLog: ToolSpec<IssueLogToolInput> = {
  name: "issue_log",
  title: "A ticket's verification history",
  description:
    "Every attempt of a ticket from .verify/log.jsonl (decision, failures, flakiness). An id " +
    "bd does not know (and the log never saw) is an error; a known ticket never verified has " +
    "no entries.",
  input: IssueLogToolInputSchema,
  output: TicketLogSchema,
  hints: READER,
  hint: TRACKER_HINT,
  command: (input, { dir }) => managerCommand(["log", input.id], dir),
  verify: knownTicket,
};

export const planIssues: ToolSpec<PlanIssuesToolInput> = {
  name: "plan_issues",
  title: "Plan a batch of tickets",
  description:
    "What `verify-manager issues` would do, in order (its --dry-run): each ticket's route, " +
    "flows, gates and criteria count, and why one cannot be verified as planned. Nothing is " +
    "locked, run, logged or posted. ids: tickets or epics (an epic stands for its children); " +
    "none: the tickets bd lists with status/labels/limit.",
  input: PlanIssuesToolInputSchema,
  output: BatchPlanSchema,
  hints: READER,
  hint: TRACKER_HINT,
  command: (input, { dir }) => {
    const args = ["issues", ...(input.ids ?? []), "--dry-run"];
    for (const label of input.labels ?? []) args.push("--label", label);
    if (input.status !== undefined) args.push("--status", input.status);
    if (input.limit !== undefined) args.push("--limit", String(input.limit));
    return managerCommand(args, dir);
  },
};

export const doctorTool: ToolSpec<Record<string, never>> = {
  name: "doctor",
  title: "Check the setup",
  description:
    "Every part a run and a ticket verification depend on (manifest, runner --list, browser, " +
    "base_url, bd and the tracker, the gates command, the verify log), each ok/warn/fail with " +
    "a fix hint. A failing check is part of the answer (ok: false), not a tool error.",
  input: DoctorToolInputSchema,
  output: DoctorReportSchema,
  hints: READER,
  hint: "run `verify-manager doctor` in the project folder to see the same checks",
  command: (_input, { dir }) => managerCommand(["doctor"], dir),
};
