// A secret cut short by whoever printed it ("apikey-2ce1…", Playwright's element preview;
// "…e1f0", a tail) still gives part of it away. At each ellipsis, the word before it that
// starts a known value, or the word after it that ends one, is redacted.
import { REDACTED } from "./value-rules.js";

const ELLIPSES = ["…", "..."];
/** A shorter piece could be any word ("apikey…"). */
const MIN_PART = 8;
const MAX_WORD = 256;
const isWordChar = (char: string | undefined) => char !== undefined && !/[\s"'`<>…]/.test(char);

function cutBefore(text: string, at: number, values: readonly string[]): number {
  let start = at;
  while (start > 0 && at - start < MAX_WORD && isWordChar(text[start - 1])) start--;
  for (let from = start; at - from >= MIN_PART; from++) {
    const part = text.slice(from, at);
    if (values.some((value) => value.length > part.length && value.startsWith(part))) return from;
  }
  return at;
}

function cutAfter(text: string, at: number, values: readonly string[]): number {
  let end = at;
  while (end < text.length && end - at < MAX_WORD && isWordChar(text[end])) end++;
  for (let to = end; to - at >= MIN_PART; to--) {
    const part = text.slice(at, to);
    if (values.some((value) => value.length > part.length && value.endsWith(part))) return to;
  }
  return at;
}

/** Redact the parts of known values left on either side of an ellipsis. */
export function redactCutValues(text: string, values: readonly string[]): string {
  if (values.length === 0 || !ELLIPSES.some((e) => text.includes(e))) return text;
  let out = "";
  let at = 0;
  const marks = /…|\.\.\./g;
  for (let mark = marks.exec(text); mark !== null; mark = marks.exec(text)) {
    const before = Math.max(at, cutBefore(text, mark.index, values));
    const afterStart = mark.index + mark[0].length;
    const after = cutAfter(text, afterStart, values);
    out += text.slice(at, before);
    if (before < mark.index) out += REDACTED;
    out += mark[0];
    if (after > afterStart) out += REDACTED;
    at = after;
    marks.lastIndex = after;
  }
  return out + text.slice(at);
}
