import type { RunErrorCode } from "@agent-verify/contract";

/** A reason the flow could not be run at all (status `error`), with a hint for the user. */
export class RunnerError extends Error {
  override readonly name = "RunnerError";
  readonly code: RunErrorCode;
  readonly hint: string | undefined;

  constructor(
    code: RunErrorCode,
    message: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }

  toJSON() {
    return { name: this.name, code: this.code, message: this.message, hint: this.hint };
  }
}

/** Thrown into a running flow when its deadline passes or the runner is interrupted. */
export class FlowAbortedError extends Error {
  override readonly name = "FlowAbortedError";
  readonly code: "timeout" | "interrupted";

  constructor(code: "timeout" | "interrupted", message: string) {
    super(message);
    this.code = code;
  }
}

/** Bad input to `verify-runner init` (a flag, a folder, package.json): one line, exit 2. */
export class InitUsageError extends Error {
  override readonly name = "InitUsageError";
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
