import { shellQuote } from "@agent-verify/contract/shell-quote";

export { shellQuote };

/** Put a quoted argument in place of every `{flow}` in a manifest's runner_command. */
export function substituteFlow(runnerCommand: string, argument: string): string {
  return runnerCommand.replaceAll("{flow}", shellQuote(argument));
}
