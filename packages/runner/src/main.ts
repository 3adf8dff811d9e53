// One process's life, whichever entry started it (cli.ts: every command; list-cli.ts: the
// `--list` fast path): stderr redacted and stdout kept for the one object, argv parsed, the
// command's result printed, and an internal error still one JSON object with exit 2.
import type { CommandResult } from "./commands/command.js";
import { printResult } from "./commands/print.js";
import { emitJson, redactStderr, redirectStdoutToStderr } from "./output.js";
import { messageOf } from "./errors.js";
import type { ParsedArgs } from "./parse-args.js";

export type RunCommand = (args: ParsedArgs) => Promise<CommandResult>;

/** Run parsed argv through `run` and print its result (contract 3). Never rejects. */
export async function runMain(
  args: ParsedArgs,
  run: RunCommand,
  before?: () => void,
): Promise<void> {
  // A flow's stray promise must not kill the runner before it prints its object.
  process.on("unhandledRejection", (reason) => {
    process.stderr.write(`verify-runner: unhandled rejection in flow code: ${messageOf(reason)}\n`);
  });
  try {
    redactStderr();
    redirectStdoutToStderr();
    before?.();
    await printResult(await run(args));
  } catch (error) {
    // An internal bug: still one JSON object and exit 2, never a bare stack trace on stdout.
    process.stderr.write(
      `verify-runner: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    await emitJson({
      schema_version: 1,
      status: "error",
      error: `internal error: ${messageOf(error)}`,
      error_code: "internal",
    });
    process.exitCode = 2;
  }
}
