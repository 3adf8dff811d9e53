import type { ParsedArgs } from "../parse-args.js";
import type { CommandResult } from "./command.js";
import { helpCommand, usageErrorCommand } from "./help.js";

// Each command's module is loaded only when it runs: `--list` on a manager's hot path loads
// neither the worker's readline, the init templates nor the browser commands.

/** Parsed argv → its command's result. */
export async function runCommandFor(args: ParsedArgs): Promise<CommandResult> {
  switch (args.command) {
    case "help":
      return helpCommand();
    case "invalid":
      return usageErrorCommand(args);
    case "check-browser":
      return (await import("./check-browser.js")).checkBrowserCommand(args);
    case "browser-server":
      return (await import("./browser-server.js")).browserServerCommand(args);
    case "init":
      return (await import("./init.js")).initCommand(args);
    case "list":
      return (await import("./list.js")).listCommand(args);
    case "run":
      return (await import("./run.js")).runCommand(args);
    case "worker":
      return (await import("./worker.js")).workerCommand(args);
  }
}
