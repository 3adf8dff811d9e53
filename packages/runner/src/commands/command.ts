import type { ParsedArgs } from "../parse-args.js";

/**
 * What every command returns; only the printer (print.ts) writes it out. The runner's
 * stdout is always exactly one JSON object (contract 3); text goes to stderr.
 */
export interface CommandResult {
  /** The process exit code (contract 3: 0 pass, 1 fail, 2 error). */
  exitCode: number;
  /** The one object for stdout (undefined: `--worker`, which wrote one line per flow). */
  json: unknown;
  /** For stderr, before the object is printed ("" for nothing). */
  text: string;
  /** Settles when the command is really done (a browser server closes later); default: now. */
  done?: Promise<unknown>;
}

export type CommandArgs<K extends ParsedArgs["command"]> = Extract<ParsedArgs, { command: K }>;

export function result(exitCode: number, json: unknown, text = ""): CommandResult {
  return { exitCode, json, text };
}
