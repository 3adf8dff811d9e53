import type { ParsedArgs } from "../parse-args.js";
import type { CommandResult } from "./command.js";
import { browserServerCommand } from "./browser-server.js";
import { checkBrowserCommand } from "./check-browser.js";
import { helpCommand, usageErrorCommand } from "./help.js";
import { initCommand } from "./init.js";
import { listCommand } from "./list.js";
import { runCommand } from "./run.js";
import { workerCommand } from "./worker.js";

/** Parsed argv → its command's result. */
export function runCommandFor(args: ParsedArgs): Promise<CommandResult> | CommandResult {
  switch (args.command) {
    case "help":
      return helpCommand();
    case "invalid":
      return usageErrorCommand(args);
    case "check-browser":
      return checkBrowserCommand(args);
    case "browser-server":
      return browserServerCommand(args);
    case "init":
      return initCommand(args);
    case "list":
      return listCommand(args);
    case "run":
      return runCommand(args);
    case "worker":
      return workerCommand(args);
  }
}
