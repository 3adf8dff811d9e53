import { usage } from "../parse-args.js";
import { result, type CommandArgs, type CommandResult } from "./command.js";

/** `--help`: the usage on stderr, and as the object's `usage`. */
export function helpCommand(): CommandResult {
  return result(0, { schema_version: 1, usage: usage() }, usage());
}

/** A usage error: one line naming it, the usage, exit 2. */
export function usageErrorCommand(args: CommandArgs<"invalid">): CommandResult {
  return result(
    2,
    { schema_version: 1, flow: null, status: "error", error: args.message, error_code: "internal" },
    `verify-runner: ${args.message}\n${usage()}`,
  );
}
