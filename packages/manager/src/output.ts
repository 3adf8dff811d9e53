import { redact } from "@agent-verify/contract/redact";

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
