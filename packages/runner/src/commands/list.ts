import { messageOf } from "../errors.js";
import { listFlows } from "../list.js";
import { result, type CommandArgs, type CommandResult } from "./command.js";

/** `--list`: the flow catalog (contract 2); a manifest that does not load is exit 2. */
export async function listCommand(args: CommandArgs<"list">): Promise<CommandResult> {
  try {
    return result(0, await listFlows({ dir: args.dir, steps: args.steps }));
  } catch (error) {
    return result(
      2,
      { schema_version: 1, flows: [], error: messageOf(error), error_code: "manifest_invalid" },
      `verify-runner: ${messageOf(error)}\n`,
    );
  }
}
