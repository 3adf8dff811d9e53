import { createInterface } from "node:readline";
import type { RunResult } from "@agent-verify/contract";
import { emitJsonLine } from "../output.js";
import { validateResult } from "../result.js";
import type { FlowRun } from "../run-flow.js";
import type { CommandArgs, CommandResult } from "./command.js";
// As for one run: the current flow's object is out and the process gone within ~2 s of a signal.
import { INTERRUPT_GRACE_MS } from "./run.js";

/**
 * `verify-runner --worker`: one flow per line read on stdin, each run as `verify-runner <flow>`
 * would run it (its own browser context, deadline and evidence), and one contract-3 object per
 * flow written to stdout as one line, in order. Flows run one at a time; flow and page-object
 * modules load once and are shared by the flows that follow (as in a Playwright Test worker).
 * Stdin's end: the flow under way finishes, then exit 0. SIGTERM/SIGINT: the flow under way
 * ends as `interrupted` (its line is written), nothing more is read, exit 1.
 */
export async function workerCommand(args: CommandArgs<"worker">): Promise<CommandResult> {
  const { FlowRun } = await import("../run-flow.js");
  let current: FlowRun | undefined;
  let stopping = false;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = 1;
    lines.close();
    const run = current;
    if (!run) return;
    process.stderr.write(`verify-runner: ${signal}, stopping the worker's flow\n`);
    run.interrupt();
    setTimeout(() => {
      run.killNow();
      void emit(run.emergencyResult()).then(() => process.exit(1));
    }, INTERRUPT_GRACE_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.once("exit", () => current?.killNow());
  for await (const line of lines) {
    const flow = line.trim();
    if (flow === "") continue;
    if (stopping) break;
    current = new FlowRun({ dir: args.dir, flow, trace: args.trace });
    const run = await current.run();
    await emit(run);
    current = undefined;
    if (stopping) break;
  }
  return { exitCode: stopping ? 1 : 0, json: undefined, text: "" };
}

function emit(run: RunResult): Promise<void> {
  return validateResult(run).then(emitJsonLine);
}
