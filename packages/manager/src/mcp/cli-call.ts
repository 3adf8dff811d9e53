import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { runChild } from "../supervise/child.js";
import { shellQuote } from "../supervise/shell-quote.js";
import type { ToolCommand, ToolFailure } from "./tool-spec.js";

/** The manager's own bin: every MCP tool is a CLI run with `--json`, so timeouts, locks
 * and redaction are the CLI's own, and a crash of one call never takes the server down. */
export const MANAGER_BIN = fileURLToPath(new URL("../../bin/verify-manager.js", import.meta.url));

/** A tool call is a whole CLI command; a ticket with gates may take half an hour or more. */
export const TOOL_TIMEOUT_MS = 2 * 60 * 60 * 1000;

export interface CallOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal | undefined;
  onStderr?: ((chunk: Buffer) => void) | undefined;
}

/** What a tool returns: the contract object, or why there is none and what to do. */
export type CallResult =
  | { ok: true; exitCode: number | null; value: unknown }
  | ({ ok: false; exitCode: number | null } & ToolFailure);

/** The one-line error our CLIs print (`verify-manager: …` / `verify-gates: …`, then `hint: …`). */
function cliReason(stderr: string): { reason: string; hint: string | undefined } | undefined {
  const lines = stderr.trim().split("\n");
  const at = lines.findLastIndex((line) => /^verify-(manager|gates): /.test(line));
  if (at < 0) return undefined;
  const next = lines[at + 1];
  return {
    reason: (lines[at] ?? "").replace(/^verify-(manager|gates): /, ""),
    hint: next?.startsWith("hint: ") ? next.slice("hint: ".length) : undefined,
  };
}

/** Why a command printed no JSON: its own error line, a missing program, or stderr's last line. */
function noAnswer(command: ToolCommand, exit: string, stderr: string, hint: string): ToolFailure {
  const own = cliReason(stderr);
  if (own) return { reason: own.reason, hint: own.hint ?? hint };
  if (exit === "127") return { reason: `${command.subject} was not found`, hint };
  const last = stderr.trim().split("\n").pop()?.trim().slice(0, 200);
  return {
    reason: `${command.subject} exited ${exit} without an answer${last ? `: ${last}` : ""}`,
    hint,
  };
}

/** Run the command line in `dir` under its deadline and read one contract object from stdout. */
export async function callJson(
  command: ToolCommand,
  schema: z.ZodType,
  hint: string,
  options: CallOptions,
): Promise<CallResult> {
  const child = await runChild({
    command: command.line,
    cwd: options.dir,
    env: options.env,
    timeoutMs: command.timeoutMs ?? TOOL_TIMEOUT_MS,
    signal: options.signal,
    onStderr: options.onStderr,
  });
  const fail = (failure: ToolFailure): CallResult => ({
    ok: false,
    exitCode: child.exitCode,
    ...failure,
  });
  if (child.spawnError !== null) {
    return fail({ reason: `could not start ${command.subject}: ${child.spawnError}`, hint });
  }
  if (child.terminationReason === "timeout") {
    return fail({
      reason: `${command.subject} timed out after ${Math.round(child.durationMs / 1000)} s and was stopped`,
      hint: "run it from a shell to see where it hangs, or ask for less (fewer flows, --only)",
    });
  }
  if (child.terminationReason === "aborted") {
    return fail({ reason: "cancelled; its processes were stopped", hint: "call it again" });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(child.stdout);
  } catch {
    return fail(noAnswer(command, String(child.exitCode ?? child.signal), child.stderr, hint));
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const at = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return fail({
      reason: `${command.subject} answered with JSON that is not its contract (${at}${issue?.message ?? "invalid"})`,
      hint: "use the @agent-verify packages of one release together (doctor shows what is installed)",
    });
  }
  return { ok: true, exitCode: child.exitCode, value: checked.data };
}

/** `verify-manager <args> --json --dir <dir>`, with this Node and this package's bin. */
export function managerCommand(args: readonly string[], dir: string): ToolCommand {
  return {
    line: [process.execPath, MANAGER_BIN, ...args, "--json", "--dir", dir]
      .map(shellQuote)
      .join(" "),
    subject: "verify-manager",
  };
}
