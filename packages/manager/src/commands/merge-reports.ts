import { printWritten, writeReporters } from "../reporters/write.js";
import { mergeReports } from "../run/merge-reports.js";
import { verdictOf } from "../run/report.js";
import { readReportFile } from "../run/report-file.js";
import { result, type CommandArgs, type CommandResult } from "./command.js";

/**
 * `verify-manager merge-reports`: the shards' reports → one report (and any --reporter files).
 * Needs no project folder: the report is JSON on stdout with or without --json.
 */
export function mergeReportsCommand(
  args: CommandArgs<"merge-reports">,
  cwd: string = process.cwd(),
): CommandResult {
  const report = mergeReports(args.files.map((path) => ({ path, report: readReportFile(path) })));
  printWritten(writeReporters(report, args.reporters, cwd));
  return result(verdictOf(report), report, JSON.stringify(report, null, 2));
}
