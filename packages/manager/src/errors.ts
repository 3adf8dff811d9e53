export const ManagerErrorCode = {
  ManifestMissing: "manifest_missing",
  ManifestInvalid: "manifest_invalid",
  ListFailed: "list_failed",
  NoFlowsSelected: "no_flows_selected",
  UsageError: "usage_error",
  NoVerifySection: "no_verify_section",
  BdMissing: "bd_missing",
  BdFailed: "bd_failed",
  BdUnexpectedOutput: "bd_unexpected_output",
  GitFailed: "git_failed",
  CloseNotConfirmed: "close_not_confirmed",
  Interrupted: "interrupted",
  ReportInvalid: "report_invalid",
  IssueNotFound: "issue_not_found",
  /** A file the ticket loop reads or writes cannot be used (read-only, a directory, disk full). */
  FileUnusable: "file_unusable",
  /** A path the manager writes is a symlink (it would write outside `.verify/`). */
  UnsafePath: "unsafe_path",
  /** Another verify-manager is verifying the same ticket. */
  TicketLocked: "ticket_locked",
  /** The state folder (the signing key, the locks) cannot be used. */
  StateDirUnusable: "state_dir_unusable",
  /** The ticket waits on an open dependency (a batch leaves it `blocked`). */
  TicketBlocked: "ticket_blocked",
  /** `show-report` cannot serve: no report in the folder, or the port is taken. */
  ServeFailed: "serve_failed",
} as const;
export type ManagerErrorCode = (typeof ManagerErrorCode)[keyof typeof ManagerErrorCode];

export interface ManagerErrorOptions {
  hint?: string | undefined;
  cause?: unknown;
}

/** An expected failure the user can act on; the CLI prints `message` (+ hint) and exits 2. */
export class ManagerError extends Error {
  override readonly name = "ManagerError";
  readonly code: ManagerErrorCode;
  readonly hint: string | undefined;

  constructor(code: ManagerErrorCode, message: string, options: ManagerErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }

  toJSON() {
    return { name: this.name, code: this.code, message: this.message, hint: this.hint };
  }
}

/** A bug in the manager itself (an invariant broke); never shown as a user error. */
export class InternalError extends Error {
  override readonly name = "InternalError";
}

export function isManagerError(error: unknown): error is ManagerError {
  return error instanceof ManagerError;
}
