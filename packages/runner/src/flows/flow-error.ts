import { isAbsolute, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Errors that mean a bug in the flow's or a page object's own code, not in the app. */
const CODE_ERRORS = new Set(["TypeError", "ReferenceError", "SyntaxError", "RangeError"]);
/** Frames of code that is not the user's: Node, node_modules (Playwright too), the runner. */
const NOT_USER = /^node:|[\\/]node_modules[\\/]|[\\/]packages[\\/]runner[\\/]dist[\\/]/;
const FRAME = /^\s*at (?:.*? \()?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/;

export interface CodeLocation {
  file: string;
  line: number;
}

function framesOf(stack: string): CodeLocation[] {
  const frames: CodeLocation[] = [];
  for (const text of stack.split("\n")) {
    const match = FRAME.exec(text);
    if (!match) continue;
    const where = match[1] as string;
    const file = where.startsWith("file://") ? fileURLToPath(where) : where;
    frames.push({ file, line: Number(match[2]) });
  }
  return frames;
}

/** The first frame of the user's own code in `error`'s stack. */
export function userFrame(error: Error): CodeLocation | undefined {
  return framesOf(error.stack ?? "").find((frame) => !NOT_USER.test(frame.file));
}

/** `file:line`, relative to `dir` when inside it. */
export function formatLocation(location: CodeLocation, dir: string): string {
  const rel = relative(dir, location.file);
  const shown = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : location.file;
  return `${shown.split(sep).join("/")}:${location.line}`;
}

/**
 * A TypeError, ReferenceError, SyntaxError or RangeError thrown by the flow's own code
 * (`app.addd is not a function`): `error` with code `flow_error`, not a product
 * failure. One thrown inside Playwright (e.g. `response.json()` on an HTML page) is
 * the app's answer, so it stays a failure.
 */
export function flowCodeError(error: unknown, dir: string): string | undefined {
  if (!(error instanceof Error) || !CODE_ERRORS.has(error.name)) return undefined;
  const thrownAt = framesOf(error.stack ?? "")[0];
  if (
    thrownAt &&
    /[\\/]node_modules[\\/](playwright|playwright-core|@playwright)[\\/]/.test(thrownAt.file)
  ) {
    return undefined;
  }
  const location = userFrame(error);
  const where = location ? ` at ${formatLocation(location, dir)}` : "";
  return `${error.name}: ${error.message.split("\n")[0]}${where}`;
}
