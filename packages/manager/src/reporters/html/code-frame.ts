import type { CodeLocation } from "@agent-verify/contract";
import { htmlEscape } from "./escape.js";
import type { StepLike } from "./timeline.js";

/** A project file's lines, read when the report is written (undefined: not readable). */
export type SourceLines = (file: string) => readonly string[] | undefined;

function isLocation(value: unknown): value is CodeLocation {
  const v = value as CodeLocation | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.file === "string" &&
    Number.isInteger(v.line) &&
    v.line > 0
  );
}

/** The innermost failed step that says where it failed (the line that threw). */
export function failureLocation(steps: readonly StepLike[]): CodeLocation | undefined {
  for (const step of steps) {
    if (step.status !== "fail") continue;
    const inner = failureLocation(Array.isArray(step.steps) ? (step.steps as StepLike[]) : []);
    if (inner) return inner;
    if (isLocation(step.location)) return step.location;
  }
  return undefined;
}

/** A relative path inside the project; an absolute one or one leaving it is never shown. */
export function isProjectPath(file: string): boolean {
  return (
    file !== "" &&
    !file.startsWith("/") &&
    !/^[a-zA-Z]:/.test(file) &&
    !file.split(/[\\/]/).includes("..")
  );
}

/** `file:line` and a few lines around it, the line itself marked. */
export function renderCodeFrame(
  location: CodeLocation,
  source: SourceLines,
  context = 3,
): string | undefined {
  if (!isProjectPath(location.file)) return undefined;
  const lines = source(location.file);
  if (!lines || location.line > lines.length) return undefined;
  const first = Math.max(1, location.line - context);
  const last = Math.min(lines.length, location.line + context);
  const width = String(last).length;
  const rows: string[] = [];
  for (let n = first; n <= last; n++) {
    const hit = n === location.line;
    const gutter = `${hit ? ">" : " "} ${String(n).padStart(width)} | `;
    rows.push(
      `<span class="code-line${hit ? " hit" : ""}"${hit ? ' aria-current="true"' : ""}>${htmlEscape(gutter + (lines[n - 1] ?? ""))}</span>`,
    );
  }
  const where = `${location.file}:${location.line}`;
  return (
    `<figure class="code-frame"><figcaption><code>${htmlEscape(where)}</code></figcaption>` +
    `<pre aria-label="source at ${htmlEscape(where)}">${rows.join("")}</pre></figure>`
  );
}
