import { EXIT_CODE_BY_STATUS } from "@agent-verify/contract/constants";
import type { RunResult } from "@agent-verify/contract";
import { emitJson, redactStderr, redirectStdoutToStderr } from "./output.js";
import { messageOf } from "./errors.js";
import { parseArgs, usage, type ParsedArgs } from "./parse-args.js";
import { validateResult } from "./result.js";

const INTERRUPT_GRACE_MS = 1700;

async function listCommand(args: Extract<ParsedArgs, { command: "list" }>): Promise<void> {
  const { listFlows } = await import("./list.js");
  try {
    await emitJson(await listFlows({ dir: args.dir, steps: args.steps }));
  } catch (error) {
    process.stderr.write(`verify-runner: ${messageOf(error)}\n`);
    await emitJson({
      schema_version: 1,
      flows: [],
      error: messageOf(error),
      error_code: "manifest_invalid",
    });
    process.exitCode = 2;
  }
}

async function runCommand(args: Extract<ParsedArgs, { command: "run" }>): Promise<void> {
  const { FlowRun } = await import("./run-flow.js");
  const run = new FlowRun({ dir: args.dir, flow: args.flow, trace: args.trace });
  const finish = async (result: RunResult) => {
    process.exitCode = EXIT_CODE_BY_STATUS[result.status];
    await emitJson(await validateResult(result));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`verify-runner: ${signal}, stopping flow '${args.flow}'\n`);
    run.interrupt();
    // Whatever happens, print the object and leave within ~2 s.
    setTimeout(() => {
      run.killNow();
      void finish(run.emergencyResult()).then(() => process.exit(EXIT_CODE_BY_STATUS.fail));
    }, INTERRUPT_GRACE_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.once("exit", () => run.killNow());
  await finish(await run.run());
}

async function initCommand(args: Extract<ParsedArgs, { command: "init" }>): Promise<void> {
  const { runInit } = await import("./init/command.js");
  const { report, exitCode, text } = runInit(args);
  process.stderr.write(text);
  process.exitCode = exitCode;
  await emitJson(report);
}

export async function main(argv: readonly string[]): Promise<void> {
  redactStderr();
  redirectStdoutToStderr();
  const parsed = parseArgs(argv);
  if (parsed.command === "help") {
    process.stderr.write(usage());
    await emitJson({ schema_version: 1, usage: usage() });
    return;
  }
  if (parsed.command === "invalid") {
    process.stderr.write(`verify-runner: ${parsed.message}\n${usage()}`);
    await emitJson({
      schema_version: 1,
      flow: null,
      status: "error",
      error: parsed.message,
      error_code: "internal",
    });
    process.exitCode = 2;
    return;
  }
  if (parsed.command === "check-browser") {
    const { checkBrowser } = await import("./check-browser.js");
    const check = await checkBrowser(parsed.dir);
    process.exitCode = check.ok ? 0 : 2;
    await emitJson(check);
    return;
  }
  if (parsed.command === "browser-server") {
    const { serveBrowser } = await import("./browser-server.js");
    const served = await serveBrowser(parsed.dir, parsed.idleTimeoutS);
    process.exitCode = served.info.ok ? 0 : 2;
    await emitJson(served.info);
    await served.closed;
    return;
  }
  if (parsed.command === "init") await initCommand(parsed);
  else if (parsed.command === "list") await listCommand(parsed);
  else await runCommand(parsed);
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
