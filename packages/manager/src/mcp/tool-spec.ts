import type { z } from "zod";
import type { CallOptions } from "./cli-call.js";

/** The MCP tool annotations (hints a host uses to decide whether to ask before a call). */
export interface ToolHints {
  readOnlyHint: boolean;
  /** Meaningful when not read-only: the call may update or remove what exists (tickets). */
  destructiveHint: boolean;
  /** Meaningful when not read-only: the same call again changes nothing more. */
  idempotentHint: boolean;
  /** The call may reach beyond the project (flows drive whatever app and URLs they name). */
  openWorldHint: boolean;
}

/** A tool that only reads the project: nothing is written, the same call gives the same answer. */
export const READER: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Which progress a call relays when the request carries a progress token. */
export interface ProgressSources {
  /** The manager CLI's stderr lines (`start <flow>`, `end <flow> <outcome> …`, notes). */
  managerLines: boolean;
  /** verify-gates' stage events (VERIFY_GATES_PROGRESS), also from gates the CLI runs. */
  gatesEvents: boolean;
}

/** A command line to run for a call, and what it is called in an error. */
export interface ToolCommand {
  line: string;
  /** How an error names the program ("verify-manager", "the gates command 'x'"). */
  subject: string;
  timeoutMs?: number;
}

/** What a failure says: the reason, and what to do about it. */
export interface ToolFailure {
  reason: string;
  hint: string;
}

/** One tool: its MCP description, schemas, hints, and the command line that answers it. */
export interface ToolSpec<Input> {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodType;
  hints: ToolHints;
  progress?: ProgressSources;
  /** The hint when the command fails without saying what to do. */
  hint: string;
  command(input: Input, options: CallOptions): ToolCommand;
  /** A check of a good answer that the command cannot make (issue_log: is the id real?). */
  verify?(value: unknown, input: Input, options: CallOptions): Promise<ToolFailure | undefined>;
}
