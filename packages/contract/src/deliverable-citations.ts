import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { CitationCheck } from "./deliverable.js";

export interface Citation {
  /** The deliverable's line that cites it. */
  at: number;
  file: string;
  from: number;
  to: number;
  /** The symbol (in backticks) or "quoted text" the line names, which the code must contain. */
  needle: string | null;
}

const CITATION =
  /(?<![\w/.:@-])((?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\.([A-Za-z0-9]+)):(\d+)(?:-(\d+))?/g;
const CODE_EXT = new Set(
  "ts tsx js jsx mjs cjs mts cts json md mdx yaml yml toml py go rs rb java kt swift c h cc cpp hpp cs php sh css scss html sql vue svelte".split(
    " ",
  ),
);
const CODE_SPAN = /`([^`]+)`/g;
const QUOTED = /"([^"\n]{2,})"|“([^”\n]{2,})”/g;

function needleOf(line: string): string | null {
  for (const match of line.matchAll(CODE_SPAN)) {
    const span = (match[1] ?? "").trim();
    // The citation itself in backticks names nothing.
    if (span !== "" && !new RegExp(CITATION.source).test(span)) return span;
  }
  for (const match of line.matchAll(QUOTED)) {
    const quoted = (match[1] ?? match[2] ?? "").trim();
    if (quoted !== "") return quoted;
  }
  return null;
}

/** Every `path:line` (or `path:from-to`) citation outside code fences, with its needle. */
export function extractCitations(text: string): Citation[] {
  const out: Citation[] = [];
  let inFence = false;
  for (const [index, line] of text.split("\n").entries()) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    for (const match of line.matchAll(CITATION)) {
      const [, file = "", ext = "", from = "0", to] = match;
      if (!file.includes("/") && !CODE_EXT.has(ext.toLowerCase())) continue;
      const start = Number(from);
      out.push({
        at: index + 1,
        file: file.replace(/^\.\//, ""),
        from: start,
        to: Math.max(start, Number(to ?? from)),
        needle: needleOf(line),
      });
    }
  }
  return out;
}

/** The lines of a repository file, or why there are none (outside the repo, missing). */
export type ReadLines = (file: string) => string[] | string;

/** The cited lines must exist and contain what the finding names. */
export function checkCitation(citation: Citation, read: ReadLines): CitationCheck {
  const base = {
    at: citation.at,
    file: citation.file,
    line: citation.from,
    needle: citation.needle,
  };
  const fail = (reason: string): CitationCheck => ({ ...base, ok: false, reason });
  const lines = read(citation.file);
  if (typeof lines === "string") return fail(lines);
  if (citation.to > lines.length) {
    return fail(`${citation.file} has ${lines.length} lines, not ${citation.to}`);
  }
  if (citation.needle === null) {
    return fail('names no `symbol` or "quoted text" to check the line against');
  }
  const cited = lines.slice(citation.from - 1, citation.to);
  if (!cited.some((line) => line.includes(citation.needle ?? ""))) {
    const where =
      citation.from === citation.to
        ? `line ${citation.from}`
        : `lines ${citation.from}-${citation.to}`;
    return fail(`${where} of ${citation.file} does not contain ${JSON.stringify(citation.needle)}`);
  }
  return { ...base, ok: true, reason: null };
}

/** Files a review may read are the repository's own: no absolute paths, `..`, or symlinks out. */
function inside(dir: string, file: string): string | null {
  if (isAbsolute(file) || file.split(/[\\/]/).includes("..")) return null;
  const path = join(dir, file);
  try {
    const real = realpathSync(path);
    const rel = relative(realpathSync(dir), real);
    return rel.startsWith("..") || isAbsolute(rel) ? null : real;
  } catch {
    return path; // does not exist: the caller says so
  }
}

/** A repository file's text; null when it is not a readable file, "outside" when it is not the repo's. */
export function readRepoText(dir: string, file: string): string | null | "outside" {
  const path = inside(dir, file);
  if (path === null) return "outside";
  try {
    if (!statSync(path).isFile()) return null;
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The citation reader over a repository folder (the manager's and `verify-gates deliverable`'s). */
export const repoLines =
  (dir: string): ReadLines =>
  (file) => {
    const text = readRepoText(dir, file);
    if (text === "outside") return `${file} is outside the repository`;
    if (text === null) return `${file} does not exist`;
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines;
  };
