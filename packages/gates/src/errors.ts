export const GatesErrorCode = {
  Usage: "usage",
  NotARepo: "not_a_repo",
  ConfigInvalid: "config_invalid",
  BaseMissing: "base_missing",
  HistoryTooShallow: "history_too_shallow",
  StackUnknown: "stack_unknown",
  ToolMissing: "tool_missing",
  ToolFailed: "tool_failed",
  NoTests: "no_tests",
  NoCoverage: "no_coverage",
  Git: "git_failed",
  Timeout: "timeout",
  ToolUnsupported: "tool_unsupported",
  TaskInvalid: "task_invalid",
} as const;
export type GatesErrorCode = (typeof GatesErrorCode)[keyof typeof GatesErrorCode];

/** A setup problem: the exit code is 2 and the user fixes the setup, not the code. */
export class GatesError extends Error {
  override readonly name = "GatesError";
  readonly code: GatesErrorCode;
  readonly hint: string | undefined;

  constructor(
    code: GatesErrorCode,
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

/** A bug in verify-gates itself, never a verdict on the change. */
export class InternalError extends Error {
  override readonly name = "InternalError";
}
