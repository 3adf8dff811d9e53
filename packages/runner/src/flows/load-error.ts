import { RunnerError, messageOf } from "../errors.js";
import { flowCodeError, formatLocation } from "./flow-error.js";

export const CODE_HINT =
  "a bug in the flow or a page object, not in the app: fix it there (`npx tsc --noEmit -p .verify` finds most before a run)";

/** `Expected ")" but found "{" at .verify/src/pages/a.ts:1` from tsx's (esbuild's) TransformError. */
function transformError(error: unknown, dir: string): string | undefined {
  if ((error as Error | null)?.name !== "TransformError") return undefined;
  const first = /^(.+?):(\d+):\d+: ERROR: (.*)$/m.exec(messageOf(error));
  if (!first) return undefined;
  const where = formatLocation({ file: first[1] as string, line: Number(first[2]) }, dir);
  return `SyntaxError: ${first[3]} at ${where}`;
}

/**
 * Node's own SyntaxError names the file on the stack's first line (`/x/a.js:3`) when
 * it knows it; for an ES module it may not, and the message is all there is.
 */
function nativeSyntaxError(error: unknown, dir: string): string | undefined {
  if (!(error instanceof SyntaxError)) return undefined;
  const head = /^(?:file:\/\/)?(\/[^\n]*?):(\d+)\n/.exec(error.stack ?? "");
  if (!head) return flowCodeError(error, dir);
  const where = formatLocation({ file: head[1] as string, line: Number(head[2]) }, dir);
  return `SyntaxError: ${error.message.split("\n")[0]} at ${where}`;
}

/**
 * Why a flow module did not load, as one RunnerError: a syntax error (or another error
 * thrown by the flow's own code while loading) is `flow_error` naming file:line; the
 * rest is `flow_module_invalid`.
 */
export function loadError(path: string, error: unknown, dir: string): RunnerError {
  const code =
    transformError(error, dir) ?? nativeSyntaxError(error, dir) ?? flowCodeError(error, dir);
  if (code !== undefined) {
    return new RunnerError("flow_error", `cannot load flow module ${path}: ${code}`, {
      cause: error,
      hint: CODE_HINT,
    });
  }
  const message = messageOf(error).split("\n")[0] ?? "";
  const hint = /require\(\)? ES Module|require\(esm\)/i.test(message)
    ? "flows are ES modules: files under .verify/ load as such; a module elsewhere that imports the runner must be one too (name it .mts or move it under .verify/)"
    : undefined;
  return new RunnerError("flow_module_invalid", `cannot load flow module ${path}: ${message}`, {
    cause: error,
    ...(hint ? { hint } : {}),
  });
}
