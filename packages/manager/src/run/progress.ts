import type { FlowOutcome } from "@agent-verify/contract";
import { redact } from "@agent-verify/contract/redact";

export interface ProgressSink {
  start(flow: string): void;
  end(outcome: FlowOutcome): void;
  /** A free-form progress line (ticket loop: gates, reruns, decisions). */
  note?(line: string): void;
}

export const silentProgress: ProgressSink = { start() {}, end() {} };

/** One stderr line per flow start and end; symbols and colour only on a TTY. */
export function stderrProgress(
  stream: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): ProgressSink {
  const isTTY = stream.isTTY === true && !env.NO_COLOR;
  const paint = (code: number, text: string) => (isTTY ? `\u001b[${code}m${text}\u001b[0m` : text);
  // A note can quote a tool's output: every line passes the shared redaction.
  const write = (line: string) => stream.write(`${redact(line)}\n`);
  return {
    note(line) {
      write(line);
    },
    start(flow) {
      write(`${isTTY ? "▶" : "start"} ${flow}`);
    },
    end(outcome) {
      const ok = outcome.outcome === "pass";
      const mark = isTTY ? (ok ? paint(32, "✔") : paint(31, "✘")) : "end";
      const where = outcome.failing_step ? ` at step '${outcome.failing_step}'` : "";
      write(`${mark} ${outcome.flow} ${outcome.outcome}${where} (${outcome.duration_ms} ms)`);
    },
  };
}
