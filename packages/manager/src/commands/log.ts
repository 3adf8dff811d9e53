import { TicketLogSchema } from "@agent-verify/contract";
import { formatHistory } from "../ticket/report/format.js";
import { readTicketLog } from "../ticket/record/verify-log-read.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager log <id>`: the ticket's attempts from .verify/log.jsonl. */
export async function logCommand(
  args: CommandArgs<"log">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const history = readTicketLog(ctx.dir, args.id, ctx.env);
  const json = TicketLogSchema.parse({
    schema_version: 1,
    ticket: args.id,
    entries: history.entries,
  });
  const notes = history.problems.map((line) => `verify-manager: warning: ${line} (ignored)`);
  return result("passed", json, formatHistory(args.id, history.entries), notes);
}
