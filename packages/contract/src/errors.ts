export const ContractErrorCode = {
  ManifestMissing: "manifest_missing",
  ManifestUnreadable: "manifest_unreadable",
  ManifestInvalid: "manifest_invalid",
} as const;
export type ContractErrorCode = (typeof ContractErrorCode)[keyof typeof ContractErrorCode];

export interface ConfigErrorDetails {
  file: string;
  line?: number | undefined;
  field?: string | undefined;
  hint?: string | undefined;
  cause?: unknown;
}

/** A config or manifest problem, one line: `file:line: field: message`. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  readonly code: ContractErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly hint: string | undefined;
  readonly detail: string;

  constructor(code: ContractErrorCode, detail: string, details: ConfigErrorDetails) {
    const where = details.line === undefined ? details.file : `${details.file}:${details.line}`;
    const field = details.field ? `${details.field}: ` : "";
    super(`${where}: ${field}${detail}`, { cause: details.cause });
    this.code = code;
    this.detail = detail;
    this.file = details.file;
    this.line = details.line;
    this.field = details.field;
    this.hint = details.hint;
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      file: this.file,
      line: this.line,
      field: this.field,
      hint: this.hint,
    };
  }
}
