import type { CommandArgs, CommandContext, CommandResult } from "./command.js";

/** `verify-manager mcp`: the CLI's commands as MCP tools over stdio, until stdin closes. */
export async function mcpCommand(
  _args: CommandArgs<"mcp">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const { serveMcp } = await import("../mcp/server.js");
  await serveMcp({ dir: ctx.dir, signal: ctx.signal });
  // The server spoke on stdout itself (the MCP transport): nothing more to print.
  return { status: "passed", output: null, notes: [] };
}
