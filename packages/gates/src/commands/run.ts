import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { EXIT_CODE } from "../args.js";
import { runGates } from "../run.js";
import { stageEventSink } from "../stage-events.js";
import { output, type CommandArgs, type CommandIo, type CommandResult } from "./command.js";

async function criteriaFrom(file: string | undefined, io: CommandIo) {
  if (file === undefined) return undefined;
  const { parseCriteria } = await import("../task/criteria.js");
  const text =
    file === "-"
      ? await io.readStdin()
      : await readFile(resolve(io.cwd, file), "utf8").catch(() => undefined);
  if (text === undefined) throw new Error(`--criteria-file: ${file} not found or unreadable`);
  return parseCriteria(text);
}

/** `verify-gates [options]`: the staged checks; the summary or the JSON report on stdout. */
export async function runCommand(args: CommandArgs<"run">, io: CommandIo): Promise<CommandResult> {
  let criteria;
  try {
    criteria = await criteriaFrom(args.criteriaFile, io);
  } catch (error) {
    return output(EXIT_CODE.usage, "", `verify-gates: ${(error as Error).message}\n`);
  }
  // The io's directory and environment (the process's, in the bin), so a program can run it too.
  const { report, summary } = await runGates({
    cwd: args.projectDir === undefined ? io.cwd : resolve(io.cwd, args.projectDir),
    env: io.env,
    ...(args.taskFile ? { taskFile: args.taskFile } : {}),
    ...(criteria ? { criteria } : {}),
    ...(args.base ? { base: args.base } : {}),
    ...(args.oracle ? { oracle: args.oracle } : {}),
    ...(args.testScope ? { testScope: args.testScope } : {}),
    ...(args.mode ? { mode: args.mode } : {}),
    ...(args.only ? { only: args.only } : {}),
    ...(args.regression === undefined ? {} : { regression: args.regression }),
    ...(args.heldOut ? { heldOut: args.heldOut.map((dir) => resolve(io.cwd, dir)) } : {}),
    onProgress: (line) => io.progress(`${line}\n`),
    ...(args.progress ? { onStageEvent: stageEventSink(args.progress, io.progress) } : {}),
  });
  return output(
    EXIT_CODE[report.status],
    args.json
      ? `${JSON.stringify(report, null, 2)}\n`
      : `${await elsewhere(args, io, report)}${summary}`,
  );
}

/**
 * A run pointed at another folder (`--project-dir`, `VERIFY_PROJECT_DIR`) says so on its first
 * line: its verdict and any stamp hit are that folder's, not those of the repository it ran in.
 */
async function elsewhere(
  args: CommandArgs<"run">,
  io: CommandIo,
  report: { project_dir?: string | undefined },
): Promise<string> {
  if (args.projectDir === undefined || report.project_dir === undefined) return "";
  const { repoRoot } = await import("../git.js");
  const here = await repoRoot(io.cwd).catch(() => io.cwd);
  if (here === report.project_dir) return "";
  return `verify-gates: verified ${report.project_dir}, not the repository this was run in (${here})\n`;
}
