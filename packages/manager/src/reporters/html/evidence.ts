import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import type { Redactor } from "@agent-verify/contract/redact";
import { artifact } from "../text.js";
import { attemptsOf } from "./attempts.js";
import type { Attempt, ErrorContextText, EvidenceLink } from "./evidence-view.js";

/** Bigger files stay where they are (the page names them); a trace is rarely near this. */
const MAX_COPY_BYTES = 200 * 1024 * 1024;
const MAX_CONTEXT_BYTES = 512 * 1024;

/** A file or folder name from untrusted text: no separators, no `..`, nothing odd. */
function safeName(text: string, fallback: string): string {
  const name = text
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 80);
  return name === "" ? fallback : name;
}

function regularFile(path: string): number | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

export interface Evidence {
  link: EvidenceLink;
  errorContext: ErrorContextText;
}

/**
 * Copies each flow's evidence into `dir/flows/<n>-<flow>/` so the folder can be moved or
 * zipped, and links it relatively. The paths come from the runner's output: only regular
 * files are copied, under names made safe here. `error-context.md` is text: it is written
 * redacted, like everything else in the folder.
 */
export function evidenceCopier(
  report: RunReport,
  clean: RunReport,
  dir: string,
  redactor: Redactor,
  local: (text: string) => string = (text) => text,
): Evidence {
  const links = new Map<string, string | undefined>();
  const indexOf = (outcome: FlowOutcome) => {
    const index = clean.outcomes.indexOf(outcome);
    return index >= 0 ? index : report.outcomes.indexOf(outcome);
  };
  const source = (outcome: FlowOutcome, key: string, attempt: Attempt) => {
    const original = report.outcomes[indexOf(outcome)];
    if (attempt === 0) {
      const value = original?.first_attempt?.artifacts?.[key];
      return typeof value === "string" ? value : undefined;
    }
    // The retry of a flaky flow: its own evidence, not the first run's merged into it.
    const last = original ? attemptsOf(original).at(-1) : undefined;
    return last ? artifact(last.view, key) : undefined;
  };
  const contextText = (outcome: FlowOutcome, attempt?: Attempt): string | undefined => {
    const path = source(outcome, "error_context", attempt);
    const size = path === undefined ? null : regularFile(path);
    if (path === undefined || size === null) return undefined;
    let text: string;
    try {
      text = readFileSync(path).subarray(0, MAX_CONTEXT_BYTES).toString("utf8");
    } catch {
      return undefined;
    }
    const redacted = redactor.text(
      size > MAX_CONTEXT_BYTES ? `${text}\n\n… (cut at ${MAX_CONTEXT_BYTES} bytes)` : text,
    );
    // Its screenshot and trace are copied beside it: named by file name, not where they were.
    return local(redacted.replaceAll(`${dirname(path)}/`, ""));
  };
  const copy = (outcome: FlowOutcome, key: string, attempt: Attempt): string | undefined => {
    const index = indexOf(outcome);
    const path = source(outcome, key, attempt);
    const size = path === undefined ? null : regularFile(path);
    if (path === undefined || size === null || size > MAX_COPY_BYTES) return undefined;
    // The first of two runs keeps its evidence apart: both may name their files alike.
    const folder = `flows/${index}-${safeName(outcome.flow, "flow")}${attempt === 0 ? "/run-1" : ""}`;
    const relative = `${folder}/${safeName(basename(path), key)}`;
    try {
      mkdirSync(join(dir, folder), { recursive: true });
      if (key === "error_context")
        writeFileSync(join(dir, relative), contextText(outcome, attempt) ?? "");
      else copyFileSync(path, join(dir, relative));
    } catch {
      // Evidence that cannot be copied is left out of the page; the run's verdict stands.
      return undefined;
    }
    return relative;
  };
  return {
    link(outcome, key, attempt) {
      const id = `${indexOf(outcome)}\u0000${key}\u0000${attempt ?? ""}`;
      if (!links.has(id)) links.set(id, copy(outcome, key, attempt));
      return links.get(id);
    },
    errorContext: contextText,
  };
}
