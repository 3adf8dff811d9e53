import type { FlowOutcome } from "@agent-verify/contract";

// Terminal colours in errors (Playwright's) mean nothing in a file.
// eslint has no-control-regex on by default: build the pattern from a string instead.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");

export function plain(text: string): string {
  return text.replace(ANSI, "");
}

/** Steps of an outcome as lines: `pass  open (120 ms)`, nested steps indented. */
export function stepLines(outcome: FlowOutcome): string[] {
  const lines: string[] = [];
  type Step = {
    name: string;
    status: string;
    duration_ms: number;
    error?: string | undefined;
    steps?: Step[] | undefined;
  };
  const walk = (steps: readonly Step[], depth: number) => {
    for (const step of steps) {
      const error = step.error ? ` — ${plain(step.error).split("\n")[0]}` : "";
      lines.push(
        `${"  ".repeat(depth)}${step.status.padEnd(7)} ${step.name} (${Math.round(step.duration_ms)} ms)${error}`,
      );
      if (step.steps) walk(step.steps, depth + 1);
    }
  };
  walk((outcome.result?.steps ?? []) as Step[], 0);
  return lines;
}

/** A string-valued artifact (screenshot, trace, error_context...), when the outcome has one. */
export function artifact(outcome: FlowOutcome, key: string): string | undefined {
  const value = outcome.artifacts?.[key];
  return typeof value === "string" ? value : undefined;
}
