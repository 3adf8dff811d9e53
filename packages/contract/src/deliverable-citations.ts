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

const PATH = String.raw`(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\.([A-Za-z0-9]+)`;
/** `path:40`, `path:40-52`, GitHub's `path#L40`, `path#L40-L52` (`#L40C3`, `#L40-52`). */
const LINES = String.raw`(?::(\d+)(?:-(\d+))?|#L(\d+)(?:C\d+)?(?:-L?(\d+)(?:C\d+)?)?)`;
const CITATION = new RegExp(String.raw`(?<![\w/.:@#-])(${PATH})${LINES}`, "g");
/** A markdown link (inline): its target, and an optional title. */
const LINK = /\[(?:[^\]\\]|\\.)*\]\(\s*<?([^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const TARGET = new RegExp(String.raw`^(\/?${PATH})${LINES}$`);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CODE_EXT = new Set(
  "ts tsx js jsx mjs cjs mts cts json md mdx yaml yml toml py go rs rb java kt swift c h cc cpp hpp cs php sh css scss html sql vue svelte".split(
    " ",
  ),
);
const CODE_SPAN = /`([^`]+)`/g;
const QUOTED = /"([^"\n]{2,})"|“([^”\n]{2,})”/g;
/** The reason of a citation that names nothing: unverifiable, not shown to be fabricated. */
export const NAMES_NOTHING = 'names no `symbol` or "quoted text" to check the line against';

function needleOf(line: string): string | null {
  // Link targets are where a citation points, never what it names.
  const text = line.replace(LINK, (link, target: string) => link.replace(target, ""));
  for (const match of text.matchAll(CODE_SPAN)) {
    const span = (match[1] ?? "").trim();
    // The citation itself in backticks names nothing.
    if (span !== "" && !new RegExp(CITATION.source).test(span)) return span;
  }
  for (const match of text.matchAll(QUOTED)) {
    const quoted = (match[1] ?? match[2] ?? "").trim();
    if (quoted !== "") return quoted;
  }
  return null;
}

/** `a/./b/../c` → `a/c`; a path that climbs out of the top keeps its `..` (outside the repo). */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out.at(-1) !== "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

interface Found {
  file: string;
  ext: string;
  from: number;
  to: number | undefined;
}

function lineNumbers(match: RegExpMatchArray, at: number) {
  const colon = match[at];
  const from = Number(colon ?? match[at + 2] ?? 0);
  const to = colon === undefined ? match[at + 3] : match[at + 1];
  return { from, to: to === undefined ? undefined : Number(to) };
}

/** A markdown link to `path#L40` (or `path:40`): resolved from the document's folder, `/` from the top. */
function linkTarget(target: string, doc: string | undefined): Found | null {
  if (SCHEME.test(target) || target.startsWith("#")) return null;
  const match = TARGET.exec(decodeURI(target));
  if (!match) return null;
  const path = match[1] ?? "";
  const folder = doc?.includes("/") ? doc.slice(0, doc.lastIndexOf("/")) : "";
  const file = normalize(path.startsWith("/") ? path : `${folder}/${path}`);
  return { file, ext: match[2] ?? "", ...lineNumbers(match, 3) };
}

function plainCitations(line: string): Found[] {
  return [...line.matchAll(CITATION)].map((match) => ({
    file: normalize(match[1] ?? ""),
    ext: match[2] ?? "",
    ...lineNumbers(match, 3),
  }));
}

function safeLinkTarget(target: string, doc: string | undefined): Found | null {
  try {
    return linkTarget(target, doc);
  } catch {
    return null; // a malformed %-escape is no path
  }
}

/**
 * Every citation outside code fences, with its needle: `path:line` (or `path:from-to`),
 * GitHub's `path#L40` / `path#L40-L52`, and markdown links to either. `doc`, the deliverable's
 * own path, is where a link's relative target starts; plain paths name the repository's top.
 */
export function extractCitations(text: string, doc?: string): Citation[] {
  const out: Citation[] = [];
  let inFence = false;
  for (const [index, line] of text.split("\n").entries()) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const links: Found[] = [];
    // Each link's target is read once, as a link; the rest of the line is read as text.
    const rest = line.replace(LINK, (link, target: string) => {
      const found = safeLinkTarget(target, doc);
      if (found) links.push(found);
      return link.replace(target, " ".repeat(target.length));
    });
    const seen = new Set<string>();
    for (const found of [...plainCitations(rest), ...links]) {
      if (!found.file.includes("/") && !CODE_EXT.has(found.ext.toLowerCase())) continue;
      const to = Math.max(found.from, found.to ?? found.from);
      const key = `${found.file}:${found.from}-${to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ at: index + 1, file: found.file, from: found.from, to, needle: needleOf(line) });
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
  if (citation.from < 1) {
    return { ...fail(`${citation.file} has no line 0: lines start at 1`), line: 1 };
  }
  if (citation.to > lines.length) {
    return fail(`${citation.file} has ${lines.length} lines, not ${citation.to}`);
  }
  if (citation.needle === null) {
    return fail(NAMES_NOTHING);
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

/** A citation shown to be wrong (no such file or line, the line lacks what it names), not merely unverifiable. */
export function isFabricated(check: CitationCheck): boolean {
  return !check.ok && check.reason !== NAMES_NOTHING;
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
