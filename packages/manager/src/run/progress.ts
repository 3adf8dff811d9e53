import type { FlowOutcome } from "@agent-verify/contract";
import { redact } from "@agent-verify/contract/redact";

export interface ProgressSink {
  start(flow: string): void;
  end(outcome: FlowOutcome): void;
  /** A free-form progress line (ticket loop: gates, reruns, decisions). */
  note?(line: string): void;
  /** How many flows the run will start: on a terminal, a live line counts them down. */
  plan?(total: number): void;
  /** The run is over: a live line is ended with a newline. */
  close?(): void;
}

export const silentProgress: ProgressSink = { start() {}, end() {} };

const ESC = "\u001b";
/** Back to the start of the line and erase it. */
const CLEAR_LINE = `\r${ESC}[2K`;

function summaryOf(outcome: FlowOutcome): string {
  const where = outcome.failing_step ? ` at step '${outcome.failing_step}'` : "";
  return `${outcome.flow} ${outcome.outcome}${where} (${outcome.duration_ms} ms)`;
}

interface LiveLine {
  total: number;
  done: number;
  failed: number;
  flaky: number;
  running: string[];
  drawn: boolean;
}

/**
 * One stderr line per flow start and end; symbols and colour only on a TTY. On a TTY, once
 * the run says how many flows it has (`plan`), a single live line replaces them, as
 * Playwright's line reporter does: `[done/total] failures · running: names`, with each
 * failure printed above it as it happens.
 */
export function stderrProgress(
  stream: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): ProgressSink {
  const isTTY = stream.isTTY === true && !env.NO_COLOR;
  const paint = (code: number, text: string) => (isTTY ? `${ESC}[${code}m${text}${ESC}[0m` : text);
  // A note can quote a tool's output: every line passes the shared redaction.
  const write = (line: string) => stream.write(`${redact(line)}\n`);
  let live: LiveLine | null = null;

  const liveText = (): string => {
    if (!live) return "";
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    const counts = `[${live.done}/${live.total}]`;
    const failed = live.failed > 0 ? ` ${live.failed} failed` : "";
    const flaky = live.flaky > 0 ? ` ${live.flaky} flaky` : "";
    const running = live.running.length > 0 ? ` · running: ${live.running.join(", ")}` : "";
    const plain = redact(`${counts}${failed}${flaky}${running}`);
    const cut = plain.length > width ? `${plain.slice(0, width - 1)}…` : plain;
    // Colour only the failure count, after the cut, so the width is the visible width.
    return failed && cut.includes(failed) ? cut.replace(failed, paint(31, failed)) : cut;
  };
  const draw = () => {
    if (!live) return;
    stream.write(`${CLEAR_LINE}${liveText()}`);
    live.drawn = true;
  };
  /** A line that stays, printed over the live line (drawn again below it by the caller). */
  const above = (line: string) => {
    if (live?.drawn) stream.write(CLEAR_LINE);
    write(line);
  };
  /** The last state of the live line stays on the screen, ended by a newline. */
  const finish = () => {
    if (live?.drawn) stream.write(`${CLEAR_LINE}${liveText()}\n`);
    live = null;
  };

  return {
    plan(total) {
      if (!isTTY) return;
      live = { total, done: 0, failed: 0, flaky: 0, running: [], drawn: false };
      draw();
    },
    close() {
      finish();
    },
    note(line) {
      above(line);
      draw();
    },
    start(flow) {
      if (!live) {
        write(`${isTTY ? "▶" : "start"} ${flow}`);
        return;
      }
      live.running.push(flow);
      draw();
    },
    end(outcome) {
      const ok = outcome.outcome === "pass";
      if (!live) {
        const mark = isTTY ? (ok ? paint(32, "✔") : paint(31, "✘")) : "end";
        write(`${mark} ${summaryOf(outcome)}`);
        return;
      }
      live.done++;
      const at = live.running.indexOf(outcome.flow);
      if (at >= 0) live.running.splice(at, 1);
      // A flow that passed on a rerun (outcome `flaky`, when the manager has it) is no failure.
      const kind: string = outcome.outcome;
      if (kind === "flaky") live.flaky++;
      else if (!ok) {
        live.failed++;
        above(`${paint(31, "✘")} ${summaryOf(outcome)}`);
      }
      // The last flow ends the line, so a caller that never calls close() leaves none open.
      if (live.done >= live.total) finish();
      else draw();
    },
  };
}
