import { resolve } from "node:path";
import { parseArgs } from "./args.js";
import type { CliStatus } from "./commands/command.js";
import { isManagerError, ManagerErrorCode } from "./errors.js";
import { EXIT_CODE_BY_STATUS } from "./exit-codes.js";
import { printResult, usageErrorText, writeStderr, writeStdout } from "./output.js";
import { msFromEnv } from "./supervise/env-ms.js";

export { parseArgs } from "./args.js";

export { EXIT_CODE_BY_STATUS } from "./exit-codes.js";

/** Operators (and tests) may shorten or lengthen the supervision graces. */
function graces(env: NodeJS.ProcessEnv): { timeoutGraceMs?: number; killGraceMs?: number } {
  const read = (name: string) => msFromEnv(env, name);
  const out: { timeoutGraceMs?: number; killGraceMs?: number } = {};
  const timeoutGraceMs = read("VERIFY_TIMEOUT_GRACE_MS");
  const killGraceMs = read("VERIFY_KILL_GRACE_MS");
  if (timeoutGraceMs !== undefined) out.timeoutGraceMs = timeoutGraceMs;
  if (killGraceMs !== undefined) out.killGraceMs = killGraceMs;
  return out;
}

type Runnable = Exclude<
  ReturnType<typeof parseArgs>,
  { kind: "help" | "usage_error" | "merge-reports" | "show-report" }
>;

/** `merge-reports` works on report files, not a project folder: no catalog, no graces. */
async function mergeCommand(
  args: Extract<ReturnType<typeof parseArgs>, { kind: "merge-reports" }>,
): Promise<CliStatus> {
  const { mergeReportsCommand } = await import("./commands/merge-reports.js");
  const result = mergeReportsCommand(args, process.cwd());
  printResult(result, args.json);
  return result.status;
}

/** Parsed argv → the command → one printer → a status. Heavy modules load only here. */
async function execute(args: Runnable, signal: AbortSignal): Promise<CliStatus> {
  const dir = resolve(args.dir);
  const supervision = graces(process.env); // a bad grace is refused before any child starts
  const { FlowCatalog } = await import("./flows/catalog.js");
  const catalog = new FlowCatalog({ dir, env: process.env, signal });
  try {
    const commands = await import("./commands/all.js");
    // The runner's --list runs while the command loads the rest and asks the tracker.
    if (commands.NEEDS_FLOW_LIST.has(args.kind)) catalog.prefetch();
    const ctx = {
      dir,
      env: process.env,
      signal,
      catalog,
      warn: writeStderr,
      graces: supervision,
    };
    const result = await commands.runCommandFor(args, ctx);
    printResult(result, "json" in args && args.json);
    return result.status;
  } finally {
    catalog.close();
  }
}

/** argv → side effects → exit code; never calls process.exit. */
export async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.kind === "help") {
    (args.isError ? writeStderr : writeStdout)(args.text);
    return args.isError ? EXIT_CODE_BY_STATUS.usage : 0;
  }
  if (args.kind === "usage_error") {
    writeStderr(usageErrorText(args.message));
    return EXIT_CODE_BY_STATUS.usage;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    if (args.kind === "merge-reports") return EXIT_CODE_BY_STATUS[await mergeCommand(args)];
    if (args.kind === "show-report") {
      const { showReportCommand } = await import("./commands/show-report.js");
      const result = await showReportCommand(args, controller.signal);
      printResult(result, false);
      return EXIT_CODE_BY_STATUS[result.status];
    }
    return EXIT_CODE_BY_STATUS[await execute(args, controller.signal)];
  } catch (error) {
    if (!isManagerError(error)) throw error;
    if (error.code === ManagerErrorCode.UsageError) {
      writeStderr(usageErrorText(error.message, error.hint));
      return EXIT_CODE_BY_STATUS.usage;
    }
    writeStderr(`verify-manager: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ""}`);
    return EXIT_CODE_BY_STATUS.setup;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeStderr(
      `verify-manager: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = EXIT_CODE_BY_STATUS.setup;
  },
);
