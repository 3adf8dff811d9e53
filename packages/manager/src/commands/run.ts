import { stderrProgress } from "../run/progress.js";
import { formatSummary, verdictOf } from "../run/report.js";
import { runFlows } from "../run/run-flows.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager run`: the selected flows under supervision, one report. */
export async function runCommand(
  args: CommandArgs<"run">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const report = await runFlows({
    dir: ctx.dir,
    names: args.flows,
    tags: args.tags,
    all: args.all,
    jobs: args.jobs,
    progress: stderrProgress(),
    signal: ctx.signal,
    catalog: ctx.catalog,
    ...ctx.graces,
  });
  return result(verdictOf(report), report, formatSummary(report));
}
