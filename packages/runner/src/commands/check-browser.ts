import { result, type CommandArgs, type CommandResult } from "./command.js";

/** `--check-browser`: can the configured browser start here? */
export async function checkBrowserCommand(
  args: CommandArgs<"check-browser">,
): Promise<CommandResult> {
  const { checkBrowser } = await import("../check-browser.js");
  const check = await checkBrowser(args.dir);
  return result(check.ok ? 0 : 2, check);
}
