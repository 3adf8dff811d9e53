// verify-runner: cli.ts → commands/<name>.ts → {exitCode, json, text} → one printer.
import { runCommandFor } from "./commands/all.js";
import { printResult } from "./commands/print.js";
import { emitJson, redactStderr, redirectStdoutToStderr } from "./output.js";
import { messageOf } from "./errors.js";
import { parseArgs } from "./parse-args.js";

export async function main(argv: readonly string[]): Promise<void> {
  redactStderr();
  redirectStdoutToStderr();
  await printResult(await runCommandFor(parseArgs(argv)));
}

// A flow's stray promise must not kill the runner before it prints its object.
process.on("unhandledRejection", (reason) => {
  process.stderr.write(`verify-runner: unhandled rejection in flow code: ${messageOf(reason)}\n`);
});

try {
  await main(process.argv.slice(2));
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
