import { EXIT_CODE, type ParsedArgs } from "../args.js";
import { agentCommand } from "./agent.js";
import { output, type CommandIo, type CommandResult } from "./command.js";
import { deliverableCommand } from "./deliverable.js";
import { runCommand } from "./run.js";

/** Parsed argv → its command's result. */
export function runCommandFor(
  args: ParsedArgs,
  io: CommandIo,
): Promise<CommandResult> | CommandResult {
  switch (args.command) {
    case "print":
      return output(0, args.text);
    case "usage-error":
      return output(EXIT_CODE.usage, "", `verify-gates: ${args.message}\n`);
    case "deliverable":
      return deliverableCommand(args, io);
    case "run":
      return runCommand(args, io);
    default:
      return agentCommand(args, io);
  }
}
