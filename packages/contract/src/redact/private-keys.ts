// PEM private key blocks, found with forward-only searches rather than a lazy regex (which
// would rescan the rest of the text once per unterminated BEGIN line).
import { REDACTED } from "./value-rules.js";

const BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;

/** The next match of a global pattern at or after a position, searched again only when passed. */
function forwardSearch(text: string, pattern: RegExp): (from: number) => [number, number] {
  let found: [number, number] = [-1, 0];
  let searchedFrom = Number.POSITIVE_INFINITY;
  return (from) => {
    const isValid = from >= searchedFrom && (found[0] === -1 || found[0] >= from);
    if (!isValid) {
      pattern.lastIndex = from;
      const match = pattern.exec(text);
      found = match === null ? [-1, 0] : [match.index, match[0].length];
      searchedFrom = from;
    }
    return found;
  };
}

/**
 * Replace each private key block with one marker. A block ends after its END line; without
 * one (a cut-off tail) before the first quote — the end of the JSON string it sits in — or
 * at the end of the text.
 */
export function redactPrivateKeys(text: string): string {
  if (!text.includes("PRIVATE KEY")) return text;
  const nextEnd = forwardSearch(text, END);
  const nextQuote = forwardSearch(text, /"/g);
  let out = "";
  let at = 0;
  BEGIN.lastIndex = 0;
  for (let begin = BEGIN.exec(text); begin !== null; begin = BEGIN.exec(text)) {
    const from = begin.index + begin[0].length;
    const [quote] = nextQuote(from);
    const stopAt = quote === -1 ? text.length : text[quote - 1] === "\\" ? quote - 1 : quote;
    const [end, endLength] = nextEnd(from);
    const stop = end !== -1 && end < stopAt ? end + endLength : stopAt;
    out += `${text.slice(at, begin.index)}${REDACTED}`;
    at = stop;
    BEGIN.lastIndex = stop;
  }
  return out + text.slice(at);
}
