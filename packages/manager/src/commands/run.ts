import { printWritten, writeReporters } from "../reporters/write.js";
import { stderrProgress } from "../run/progress.js";
import { formatSummary, verdictOf } from "../run/report.js";
import { runFlows } from "../run/run-flows.js";
import { result, type CommandArgs, type CommandContext, type CommandResult } from "./command.js";

/** `verify-manager run`: the selected flows under supervision, one report. */
export async function runCommand(
  args: CommandArgs<"run">,
  ctx: CommandContext,
): Promise<CommandResult> {
  const progress = stderrProgress();
  const report = await runFlows({
    dir: ctx.dir,
    names: args.flows,
    tags: args.tags,
    all: args.all,
    jobs: args.jobs,
    grep: args.scale.grep,
    grepInvert: args.scale.grepInvert,
    shard: args.scale.shard,
    durations: args.scale.durations,
    trace: args.scale.trace,
    progress,
    signal: ctx.signal,
    catalog: ctx.catalog,
    ...ctx.graces,
  }).finally(() => progress.close?.());
  printWritten(
    writeReporters(report, args.scale.reporters, process.cwd(), {
      projectDir: ctx.dir,
      env: ctx.env,
    }),
  );
  return result(verdictOf(report), report, formatSummary(report));
}
