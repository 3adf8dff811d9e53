// `--progress jsonl` / VERIFY_GATES_PROGRESS: one JSON line per stage start and end, for hosts
// (an MCP server, a CI wrapper) that relay progress while a long run goes on.
import { appendFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import type { GatesProgressEvent } from "@agent-verify/contract";

export type StageEventSink = (event: GatesProgressEvent) => void;

/** Where the lines go: `jsonl` = stderr, `jsonl:/abs/file` = appended to that file. */
export type ProgressTarget = { to: "stderr" } | { to: "file"; path: string };

/** `jsonl` or `jsonl:/abs/file` → a target; anything else → why not (a usage error). */
export function parseProgressTarget(value: string): ProgressTarget | string {
  if (value === "jsonl") return { to: "stderr" };
  if (value.startsWith("jsonl:")) {
    const path = value.slice("jsonl:".length);
    if (isAbsolute(path) && !path.includes("\0")) return { to: "file", path };
    return `'${value}': the file after jsonl: must be an absolute path`;
  }
  return `'${value}': expected jsonl (stderr) or jsonl:/absolute/file`;
}

/**
 * The sink for a target. Writes are synchronous and whole lines, so a reader tailing the file
 * never sees half an event; a file that cannot be written only loses progress, never the run.
 */
export function stageEventSink(
  target: ProgressTarget,
  stderr: (text: string) => void,
): StageEventSink {
  return (event) => {
    const line = `${JSON.stringify(event)}\n`;
    if (target.to === "stderr") return stderr(line);
    try {
      appendFileSync(target.path, line, { mode: 0o600 });
    } catch {
      // Progress is advisory: the report and the exit code are the answer.
    }
  };
}
