import { redact } from "@agent-verify/contract/redact";
import type { CommandResult } from "./command.js";

/** The one printer: every byte through the redaction; returns the exit code. */
export function printResult(result: CommandResult): number {
  if (result.stderr !== "") process.stderr.write(redact(result.stderr));
  if (result.stdout !== "") process.stdout.write(redact(result.stdout));
  return result.exitCode;
}
