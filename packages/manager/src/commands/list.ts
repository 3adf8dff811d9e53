import { ListOutputSchema } from "@agent-verify/contract";
import { table } from "../ticket/report/format.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager list`: the runner's flows (contract 2), as a table or JSON. */
export async function listCommand(
  _args: CommandArgs<"list">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const flows = await ctx.catalog.flows();
  const json = ListOutputSchema.parse({
    schema_version: 1,
    flows: flows.map((f) => ({
      name: f.name,
      description: f.description,
      ...(f.timeout_s === undefined ? {} : { timeout_s: f.timeout_s }),
      tags: f.tags,
      implemented: f.implemented,
      ...(f.steps === undefined ? {} : { steps: f.steps }),
    })),
  });
  const rows = flows.map((f) => [
    f.name,
    f.implemented ? "yes" : "no",
    `${f.timeout_s ?? 60}s`,
    f.tags.join(","),
    f.description,
  ]);
  const text = table([["FLOW", "IMPLEMENTED", "TIMEOUT", "TAGS", "DESCRIPTION"], ...rows]);
  return result("passed", json, text);
}
