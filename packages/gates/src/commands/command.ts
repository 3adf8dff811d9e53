import type { ParsedArgs } from "../args.js";

/** What every command returns; only the printer (print.ts) writes it out. */
export interface CommandResult {
  exitCode: number;
  /** What stdout gets: the summary, JSON (--json) or a hook's answer ("" for nothing). */
  stdout: string;
  /** One-line messages for stderr after the command ("" for nothing). */
  stderr: string;
}

/** What a command may use of the process; progress lines go to stderr as they happen. */
export interface CommandIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin: () => Promise<string>;
  progress: (text: string) => void;
  /** A yes/no question to the person at the terminal; absent without one (stdin or stderr not a TTY). */
  confirm?: (question: string) => Promise<boolean>;
}

export type CommandArgs<K extends ParsedArgs["command"]> = Extract<ParsedArgs, { command: K }>;

export const output = (exitCode: number, stdout: string, stderr = ""): CommandResult => ({
  exitCode,
  stdout,
  stderr,
});
