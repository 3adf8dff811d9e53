import { EXIT_CODE } from "../args.js";
import type { AgentArgs } from "../cli-agent.js";
import { GatesError } from "../errors.js";
import { output, type CommandIo, type CommandResult } from "./command.js";

/** `loop …`, `hook`, `verdict`: the agent loop's commands. */
export async function agentCommand(
  args: Exclude<AgentArgs, { command: "usage-error" }>,
  io: CommandIo,
): Promise<CommandResult> {
  const { runAgentCommand } = await import("../agent-main.js");
  const stdout: string[] = [];
  try {
    const exitCode = await runAgentCommand(args, {
      cwd: io.cwd,
      env: io.env,
      readStdin: io.readStdin,
      out: (text) => stdout.push(text),
      err: io.progress,
      ...(io.confirm ? { confirm: io.confirm } : {}),
    });
    return output(exitCode, stdout.join(""));
  } catch (error) {
    if (!(error instanceof GatesError)) throw error;
    return output(EXIT_CODE.error, "", `verify-gates: ${error.message}\n`);
  }
}
