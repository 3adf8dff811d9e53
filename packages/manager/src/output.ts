import { redact } from "@agent-verify/contract/redact";
import type { CommandResult } from "./commands/command.js";

// Everything the manager prints passes the shared redaction here, the outermost sink:
// no report, progress line, warning or error message can skip it.

/** The only place that writes to stdout: one write per command. */
export function writeStdout(text: string): void {
  const clean = redact(text);
  process.stdout.write(clean.endsWith("\n") ? clean : `${clean}\n`);
}

export function writeStderr(text: string): void {
  const clean = redact(text);
  process.stderr.write(clean.endsWith("\n") ? clean : `${clean}\n`);
}

/** The one spelling of a usage error, whether argv or an argument's value was wrong. */
export function usageErrorText(message: string, hint?: string): string {
  const fix = hint ? `\nhint: ${hint}` : "";
  return `verify-manager: ${message}${fix}\nRun verify-manager --help for usage.`;
}

/** A command's result: its notes on stderr, then stdout once (JSON or text). */
export function printResult(result: CommandResult, isJson: boolean): void {
  for (const note of result.notes) writeStderr(note);
  if (result.output === null) return;
  writeStdout(isJson ? JSON.stringify(result.output.json, null, 2) : result.output.text);
}
