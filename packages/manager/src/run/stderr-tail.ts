import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";
import { redact } from "../redact.js";
import { plain } from "../reporters/text.js";

/** Outcomes where the runner's own words (its stderr) are the only evidence there is. */
export const RAW_STDERR_OUTCOMES: ReadonlySet<OutcomeKind> = new Set(["crash", "malformed"]);

/** How many stderr lines the text summary shows under a crash or a malformed result. */
export const TEXT_TAIL_LINES = 20;

/**
 * The runner's stderr tail as indented summary lines (redacted, colours stripped), for a
 * `crash` or `malformed` outcome; nothing for the others, whose error names the failure.
 */
export function stderrTailLines(outcome: FlowOutcome, secrets: readonly string[] = []): string[] {
  if (!RAW_STDERR_OUTCOMES.has(outcome.outcome)) return [];
  const lines = redact(plain(outcome.stderr_tail), secrets)
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
  if (lines.length === 0) return ["      stderr: (empty)"];
  const shown = lines.slice(-TEXT_TAIL_LINES);
  const cut = lines.length > shown.length ? `, last ${shown.length} of ${lines.length} lines` : "";
  return [`      stderr${cut}:`, ...shown.map((line) => `      | ${line}`)];
}
