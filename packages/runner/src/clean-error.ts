// Playwright errors carry ANSI colours and a long call log; the JSON keeps the
// message, error-context.md keeps everything.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

export function shortError(text: string, max = 2000): string {
  const clean = stripAnsi(text);
  const cut = clean.split(/\n\s*Call log:/)[0] ?? clean;
  const trimmed = cut.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}
