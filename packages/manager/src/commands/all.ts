import type { ParsedArgs } from "../args.js";
import type { CommandContext, CommandResult } from "./command.js";
import { doctorCommand } from "./doctor.js";
import { issueCommand } from "./issue.js";
import { issuesCommand } from "./issues.js";
import { listCommand } from "./list.js";
import { logCommand } from "./log.js";
import { mcpCommand } from "./mcp.js";
import { runCommand } from "./run.js";

/** Every command that works in a project folder (`merge-reports` needs none; see cli.ts). */
export type Runnable = Exclude<ParsedArgs, { kind: "help" | "usage_error" | "merge-reports" }>;

/** Commands whose work starts with the runner's `--list`: the CLI starts it first. */
export const NEEDS_FLOW_LIST: ReadonlySet<Runnable["kind"]> = new Set(["list", "run", "issue"]);

/** argv, parsed → the command's result. */
export function runCommandFor(args: Runnable, ctx: CommandContext): Promise<CommandResult> {
  switch (args.kind) {
    case "list":
      return listCommand(args, ctx);
    case "run":
      return runCommand(args, ctx);
    case "issue":
      return issueCommand(args, ctx);
    case "issues":
      return issuesCommand(args, ctx);
    case "log":
      return logCommand(args, ctx);
    case "doctor":
      return doctorCommand(args, ctx);
    case "mcp":
      return mcpCommand(args, ctx);
  }
}
