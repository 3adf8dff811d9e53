import type { StepResult } from "@agent-verify/contract";
import { stripAnsi } from "../clean-error.js";

export interface ErrorContextInput {
  flow: string;
  failingStep: string | undefined;
  error: string;
  url: string | undefined;
  ariaSnapshot: string | undefined;
  screenshot: string | undefined;
  trace: string | undefined;
  consoleErrors: readonly string[];
  pageErrors: readonly string[];
  failedRequests: readonly string[];
  steps: readonly StepResult[];
}

function fence(text: string, lang = "text"): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
}

function list(items: readonly string[]): string {
  return items.length === 0 ? "none" : items.map((item) => `- ${item}`).join("\n");
}

function stepLines(steps: readonly StepResult[], depth = 0): string[] {
  return steps.flatMap((step) => [
    `${"  ".repeat(depth)}- ${step.name}: ${step.status}${step.status === "not_run" ? "" : ` (${step.duration_ms} ms)`}`,
    ...stepLines(step.steps ?? [], depth + 1),
  ]);
}

/** A markdown page that tells an LLM (or a person) what failed, where, and what the page looked like. */
export function renderErrorContext(input: ErrorContextInput): string {
  return [
    `# Flow \`${input.flow}\` failed`,
    "",
    `- Failing step: ${input.failingStep ? `\`${input.failingStep}\`` : "(outside any step)"}`,
    `- Page URL: ${input.url ?? "(no page)"}`,
    `- Screenshot: ${input.screenshot ?? "(none)"}`,
    input.trace === undefined
      ? "- Trace: none recorded (the trace policy kept none for this run)"
      : `- Trace: ${input.trace} — open with \`npx playwright show-trace ${input.trace}\``,
    "",
    "## Error",
    "",
    fence(stripAnsi(input.error)),
    "",
    "## Steps",
    "",
    ...stepLines(input.steps),
    "",
    "## Page snapshot (ARIA)",
    "",
    input.ariaSnapshot ? fence(input.ariaSnapshot, "yaml") : "(no page was open)",
    "",
    "## Uncaught page errors",
    "",
    list(input.pageErrors),
    "",
    "## Console errors",
    "",
    list(input.consoleErrors),
    "",
    "## Failed requests",
    "",
    list(input.failedRequests),
    "",
  ].join("\n");
}
