import { result, type CommandArgs, type CommandResult } from "./command.js";

/** `--browser-server`: print where to connect, then serve until stdin closes or idles out. */
export async function browserServerCommand(
  args: CommandArgs<"browser-server">,
): Promise<CommandResult> {
  const { serveBrowser } = await import("../browser-server.js");
  const served = await serveBrowser(args.dir, args.idleTimeoutS);
  return { ...result(served.info.ok ? 0 : 2, served.info), done: served.closed };
}
