// verify-runner: cli.ts → commands/<name>.ts → {exitCode, json, text} → one printer.
import { runCommandFor } from "./commands/all.js";
import { printResult } from "./commands/print.js";
import { emitJson, redactStderr, redirectStdoutToStderr } from "./output.js";
import { messageOf } from "./errors.js";
import { parseArgs } from "./parse-args.js";
import { playwrightWarningHere } from "./playwright-range.js";

/** The commands that load Playwright: they say first when the app's copy does not fit. */
const USES_PLAYWRIGHT = new Set(["run", "worker", "check-browser", "browser-server"]);

export async function main(argv: readonly string[]): Promise<void> {
  redactStderr();
  redirectStdoutToStderr();
  const args = parseArgs(argv);
  if (USES_PLAYWRIGHT.has(args.command)) process.stderr.write(playwrightWarningHere() ?? "");
  await printResult(await runCommandFor(args));
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
