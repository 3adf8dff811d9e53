import { stderrProgress } from "../run/progress.js";
import { formatVerification } from "../ticket/report/format.js";
import { verifyTicket } from "../ticket/verify-ticket.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager issue <id>`: one attempt of the ticket loop. */
export async function issueCommand(
  args: CommandArgs<"issue">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const verification = await verifyTicket({
    dir: ctx.dir,
    id: args.id,
    dryRun: args.dryRun,
    escalate: args.escalate,
    jobs: args.jobs,
    retryBudget: args.retryBudget,
    progress: stderrProgress(),
    signal: ctx.signal,
    catalog: ctx.catalog,
    ...ctx.graces,
  });
  return result(verification.verdict, verification, formatVerification(verification));
}
