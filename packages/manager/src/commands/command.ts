import type { ParsedArgs } from "../args.js";
import type { FlowCatalog } from "../flows/catalog.js";

/** What a command means for the exit code. */
export type CliStatus = "passed" | "failed" | "setup" | "usage";

/** What every command returns; only the printer (output.ts) writes it out. */
export interface CommandResult {
  status: CliStatus;
  /** What stdout gets, as JSON (--json, validated by its contract schema) or as text; null: nothing. */
  output: { json: unknown; text: string } | null;
  /** One-line notes for stderr (log warnings, a halted batch). */
  notes: string[];
}

export type CommandArgs<K extends ParsedArgs["kind"]> = Extract<ParsedArgs, { kind: K }>;

export interface CommandContext {
  dir: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  catalog: FlowCatalog;
  /** A warning for stderr while the command runs (a batch resuming another's selection). */
  warn: (line: string) => void;
  /** Supervision graces an operator (or a test) set through the environment. */
  graces: { timeoutGraceMs?: number; killGraceMs?: number };
}

export function result(
  status: CliStatus,
  json: unknown,
  text: string,
  notes: string[] = [],
): CommandResult {
  return { status, output: { json, text }, notes };
}
