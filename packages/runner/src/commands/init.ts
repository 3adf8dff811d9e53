import { result, type CommandArgs, type CommandResult } from "./command.js";

/** `init`: set up .verify/ in an app repo (the report on stdout, the next steps on stderr). */
export async function initCommand(args: CommandArgs<"init">): Promise<CommandResult> {
  const { runInit } = await import("../init/command.js");
  const { report, exitCode, text } = runInit(args);
  return result(exitCode, report, text);
}
