// PEM private key blocks, found with forward-only searches rather than a lazy regex (which
// would rescan the rest of the text once per unterminated BEGIN line).
import { REDACTED } from "./value-rules.js";

const MARKER = /-----(BEGIN|END) [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const BASE64 = /[A-Za-z0-9+/=]/;
/** Between the lines of a key: line breaks (raw or JSON-escaped), blanks, a tail's " | ". */
const BETWEEN = /[ \t\r\n|\\]/;
/** A full line of a PEM body. */
const FULL_LINE = 40;

/** The next match of a global pattern at or after a position, searched again only when passed. */
function forwardSearch(text: string, pattern: RegExp): (from: number) => number {
  let found = -1;
  let searchedFrom = Number.POSITIVE_INFINITY;
  return (from) => {
    const isValid = from >= searchedFrom && (found === -1 || found >= from);
    if (!isValid) {
      pattern.lastIndex = from;
      found = pattern.exec(text)?.index ?? -1;
      searchedFrom = from;
    }
    return found;
  };
}

/** How many characters of separator end at `at`: a JSON escape (2), a blank or break (1), or 0. */
function separatorBefore(text: string, at: number, floor: number): number {
  if (at - 2 >= floor && text[at - 2] === "\\" && "nrt".includes(text[at - 1] ?? "")) return 2;
  return BETWEEN.test(text[at - 1] ?? "") ? 1 : 0;
}

/**
 * Where the body before an END line starts (a block whose BEGIN line was cut off): the run
 * of base64 right before it, and full-length lines before that.
 */
function bodyStart(text: string, floor: number, end: number): number {
  let start = end;
  for (let isFirst = true; ; isFirst = false) {
    let runEnd = start;
    for (let width = 1; width > 0 && runEnd > floor; runEnd -= width) {
      width = separatorBefore(text, runEnd, floor);
    }
    let runStart = runEnd;
    while (
      runStart > floor &&
      BASE64.test(text[runStart - 1] ?? "") &&
      separatorBefore(text, runStart, floor) !== 2
    )
      runStart--;
    const length = runEnd - runStart;
    // A short run further back is ordinary text, unless the text (or a cut) starts there.
    const isCutStart = runStart === floor || `"…`.includes(text[runStart - 1] ?? "");
    if (length === 0 || (!isFirst && length < FULL_LINE && !isCutStart)) break;
    start = runStart;
  }
  return start;
}

/**
 * Replace each private key block with one marker. A block ends after its END line; without
 * one (a cut-off tail) before the first quote — the end of the JSON string it sits in — or
 * at the end of the text. An END line without its BEGIN (a tail that starts mid-key) takes
 * the key body before it.
 */
export function redactPrivateKeys(text: string): string {
  if (!text.includes("PRIVATE KEY")) return text;
  const nextQuote = forwardSearch(text, /"/g);
  let out = "";
  let at = 0;
  MARKER.lastIndex = 0;
  for (let marker = MARKER.exec(text); marker !== null; marker = MARKER.exec(text)) {
    const markerEnd = marker.index + marker[0].length;
    if (marker[1] === "END") {
      out += `${text.slice(at, bodyStart(text, at, marker.index))}${REDACTED}`;
      at = markerEnd;
      continue;
    }
    const quote = nextQuote(markerEnd);
    const stopAt = quote === -1 ? text.length : text[quote - 1] === "\\" ? quote - 1 : quote;
    const next = MARKER.exec(text);
    let stop = stopAt;
    if (next !== null && next.index < stopAt)
      stop = next[1] === "END" ? next.index + next[0].length : next.index;
    out += `${text.slice(at, marker.index)}${REDACTED}`;
    at = stop;
    MARKER.lastIndex = stop;
  }
  return out + text.slice(at);
}
