// Playwright errors carry ANSI colours and a long call log; the JSON keeps the
// message and the call log's first lines (which locator, what it waited for),
// error-context.md keeps everything.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const CALL_LOG_LINES = 5;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

export function shortError(text: string, max = 2000): string {
  const clean = stripAnsi(text);
  const [message = clean, callLog] = clean.split(/\n\s*Call log:\s*\n/);
  let short = message.trim();
  if (callLog !== undefined) {
    const lines = callLog
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "");
    const kept = lines.slice(0, CALL_LOG_LINES).map((line) => `  ${line}`);
    if (lines.length > CALL_LOG_LINES) kept.push(`  … ${lines.length - CALL_LOG_LINES} more`);
    if (kept.length > 0) short += `\nCall log:\n${kept.join("\n")}`;
  }
  return short.length > max ? `${short.slice(0, max)}…` : short;
}
