import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, skip, type GatesContext, type Stage } from "../context.js";
import type { ToolAdapter } from "../tools/adapter.js";
import { adapterFor } from "../tools/adapters.js";
import type { ToolCommand } from "../tools/command.js";
import { deadlineOf, type RawFinding } from "../tools/run-tool.js";
import { unformattedPlaces } from "./format-hunks.js";
import { commandFiles, plainReason, runAdapter } from "./tool-stage.js";

const hintOf = (adapter: ToolAdapter) =>
  adapter.stdinArgv
    ? `run ${adapter.name} on the file to format it`
    : "fix what the command reports";

/** What one command reports, an unformatted file as the places the change's lines would move. */
async function commandPlaces(
  ctx: GatesContext,
  command: ToolCommand,
): Promise<RawFinding[] | undefined> {
  const adapter = adapterFor(command);
  const files = commandFiles(ctx, command, adapter);
  if (files !== undefined && files.length === 0) return undefined;
  const listed = await runAdapter(ctx, "format", ctx.root, command, adapter, files);
  const { stdinArgv } = adapter;
  const deadline = deadlineOf(ctx.config.timeouts, "tool_s");
  const places: RawFinding[] = [];
  for (const f of listed) {
    const file = ctx.change.files.find((c) => c.path === f.file);
    if (f.line !== null || !file || !stdinArgv) places.push(f);
    else if (f.rule === adapter.name || f.rule === "format")
      places.push(
        ...(await unformattedPlaces(
          ctx.root,
          command,
          { ...adapter, stdinArgv },
          file,
          ctx.env,
          deadline,
        )),
      );
    else places.push(f);
  }
  return places;
}

/**
 * Stage 5: the formatters on the changed files. An unformatted file counts where the formatter
 * would rewrite a line the change added (held per changed line, not per file); a file it
 * cannot parse counts as a whole.
 */
export const format: Stage = async (ctx) => {
  const commands = ctx.commands("format");
  if ("off" in commands) return skip(commands.off);
  const findings: GateFinding[] = [];
  let ran = false;
  for (const command of commands.commands) {
    const places = await commandPlaces(ctx, command);
    ran ||= places !== undefined;
    const hint = hintOf(adapterFor(command));
    for (const p of places ?? [])
      findings.push(finding("format", p.file, p.line, p.rule, p.message, hint));
  }
  if (!ran) return skip("no changed files for this tool");
  return outcome(findings, plainReason(commands.commands));
};
