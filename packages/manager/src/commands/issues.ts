import { BatchPlanSchema } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { stderrProgress } from "../run/progress.js";
import { verifyBatch } from "../ticket/batch/batch.js";
import { planBatch, planTickets, showAll } from "../ticket/batch/batch-plan.js";
import { expandIds, type SelectedTicket } from "../ticket/batch/select-ids.js";
import { formatLoopStatus } from "../ticket/report/format.js";
import { formatPlan } from "../ticket/report/format-plan.js";
import { ticketTracker } from "../ticket/ticket-tracker.js";
import type { Tracker } from "../tracker/tracker.js";
import type { CommandArgs, CommandContext, CommandResult } from "./command.js";

const TRACKER_DOWN = new Set<string>([
  ManagerErrorCode.BdMissing,
  ManagerErrorCode.BdFailed,
  ManagerErrorCode.BdUnexpectedOutput,
]);

/** `--dry-run`: only the plan, on stdout; nothing is locked, run, logged or posted. */
async function dryRun(args: CommandArgs<"issues">, ctx: CommandContext, tracker: Tracker) {
  const plan = BatchPlanSchema.parse(await planBatch({ ...args, tracker, catalog: ctx.catalog }));
  return { status: "passed" as const, output: { json: plan, text: formatPlan(plan) }, notes: [] };
}

/** Named ids: each checked (an unknown one stops everything), epics expanded to their children. */
async function expandNamed(
  args: CommandArgs<"issues">,
  tracker: Tracker,
): Promise<SelectedTicket[] | string> {
  if (args.ids.length === 0) return [];
  try {
    return await expandIds(tracker, args.ids, args.status);
  } catch (error) {
    if (error instanceof ManagerError && TRACKER_DOWN.has(error.code)) {
      return `bd unreachable: ${error.message}`;
    }
    throw error;
  }
}

/** `verify-manager issues [ids…]`: the plan on stderr, then the tickets one by one, resumable. */
export async function issuesCommand(
  args: CommandArgs<"issues">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const tracker = ticketTracker(ctx.dir, ctx.env);
  if (args.dryRun) return dryRun(args, ctx, tracker);
  const named = await expandNamed(args, tracker);
  if (typeof named === "string") {
    return { status: "setup", output: null, notes: [`HALT blocked: ${named}`] };
  }
  const known = new Map(named.map((s) => [s.issue.id, s]));
  const batch = await verifyBatch({
    dir: ctx.dir,
    labels: args.labels,
    status: args.status,
    limit: args.limit,
    restart: args.restart,
    jobs: args.jobs,
    retryBudget: args.retryBudget,
    progress: stderrProgress(),
    warn: ctx.warn,
    signal: ctx.signal,
    catalog: ctx.catalog,
    tracker,
    named:
      args.ids.length > 0 ? { ids: args.ids, tickets: named.map((s) => s.issue.id) } : undefined,
    onStart: async (tickets, resumed) => {
      try {
        const ids = tickets.map((t) => t.id);
        const shown = await showAll(tracker, ids, known);
        const plan = await planTickets({ ...args, catalog: ctx.catalog }, shown, resumed);
        ctx.warn(formatPlan(BatchPlanSchema.parse(plan)));
      } catch (error) {
        // The plan only informs; the batch itself halts if bd stays away.
        if (!(error instanceof ManagerError && TRACKER_DOWN.has(error.code))) throw error;
        ctx.warn(`verify-manager: no plan: ${error.message}`);
      }
    },
    ...ctx.graces,
  });
  const output =
    batch.status === null ? null : { json: batch.status, text: formatLoopStatus(batch.status) };
  if (batch.halt !== null) {
    return { status: "setup", output, notes: [`HALT blocked: ${batch.halt}`] };
  }
  const states = batch.status?.tickets.map((t) => t.state) ?? [];
  const status = states.every((state) => state === "passed") ? "passed" : "failed";
  return { status, output, notes: [] };
}
