import { GatesProgressEventSchema } from "@agent-verify/contract";

const FLOW = "[a-z0-9][a-z0-9._-]{0,127}";
const START = new RegExp(`^start (${FLOW})$`);
const END = new RegExp(`^end (${FLOW}) (.+)$`);
/** The ticket loop's notes worth relaying (`ticket X: verifying`, `gates: … rerunning`). */
const NOTE = /^(ticket |gates: )/;

/**
 * One stderr line of the manager CLI (off a TTY: `start <flow>`, `end <flow> <outcome>
 * [at step 'x'] (N ms)`, notes) → a progress message, or undefined for anything else.
 */
export function managerLineMessage(line: string): string | undefined {
  const start = START.exec(line);
  if (start) return `flow ${start[1]} started`;
  const end = END.exec(line);
  if (end) return `flow ${end[1]} ended: ${end[2]}`;
  return NOTE.test(line) ? line : undefined;
}

/** One line of verify-gates' stage events → a progress message, or undefined if it is not one. */
export function gatesLineMessage(line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const event = GatesProgressEventSchema.safeParse(value);
  if (!event.success) return undefined;
  const { data } = event;
  return data.event === "stage_start"
    ? `gates: ${data.stage} started`
    : `gates: ${data.stage} ended: ${data.status} (${data.duration_ms} ms)`;
}

/** Splits chunks into whole lines; a partial line waits for the rest. */
export class LineSplitter {
  private rest = "";

  constructor(private readonly onLine: (line: string) => void) {}

  push(text: string): void {
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) this.onLine(line.replace(/\r$/, ""));
  }
}
