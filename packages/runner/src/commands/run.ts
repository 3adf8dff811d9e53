import { EXIT_CODE_BY_STATUS } from "@agent-verify/contract/constants";
import type { RunResult } from "@agent-verify/contract";
import { validateResult } from "../result.js";
import { result, type CommandArgs, type CommandResult } from "./command.js";
import { printResult } from "./print.js";

// The object must be out and the process gone within 2 s of the signal: after this, what is
// left is killed and the result printed, which took up to ~320 ms on a loaded machine (a run
// at 1700 ms exited at 2013 ms in a full suite).
export const INTERRUPT_GRACE_MS = 1500;

async function resultOf(run: RunResult): Promise<CommandResult> {
  return result(EXIT_CODE_BY_STATUS[run.status], await validateResult(run));
}

/**
 * `verify-runner <flow>`: run one flow (contract 3). SIGTERM/SIGINT end the flow; whatever
 * happens, the object is printed and the process leaves within ~2 s.
 */
export async function runCommand(args: CommandArgs<"run">): Promise<CommandResult> {
  const { FlowRun } = await import("../run-flow.js");
  const run = new FlowRun({ dir: args.dir, flow: args.flow, trace: args.trace });
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`verify-runner: ${signal}, stopping flow '${args.flow}'\n`);
    run.interrupt();
    setTimeout(() => {
      run.killNow();
      void resultOf(run.emergencyResult())
        .then(printResult)
        .then(() => process.exit(EXIT_CODE_BY_STATUS.fail));
    }, INTERRUPT_GRACE_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.once("exit", () => run.killNow());
  return resultOf(await run.run());
}
