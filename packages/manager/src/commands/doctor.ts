import { doctor, formatDoctor } from "../doctor/doctor.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager doctor`: every part a run and a ticket verification depend on. */
export async function doctorCommand(
  _args: CommandArgs<"doctor">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const report = await doctor({ dir: ctx.dir, env: ctx.env });
  return result(report.ok ? "passed" : "setup", report, formatDoctor(report));
}
