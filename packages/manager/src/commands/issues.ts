import { stderrProgress } from "../run/progress.js";
import { verifyBatch } from "../ticket/batch/batch.js";
import { formatLoopStatus } from "../ticket/report/format.js";
import type { CommandArgs, CommandContext, CommandResult } from "./command.js";

/** `verify-manager issues`: the selected tickets one by one, resumable. */
export async function issuesCommand(
  args: CommandArgs<"issues">,
  ctx: CommandContext,
): Promise<CommandResult> {
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
