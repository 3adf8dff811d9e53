import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { runChild } from "../supervise/child.js";
import { shellQuote } from "../supervise/shell-quote.js";

/** The manager's own bin: every MCP tool is the CLI run with `--json`, so timeouts, locks
 * and redaction are the CLI's own, and a crash of one call never takes the server down. */
export const MANAGER_BIN = fileURLToPath(new URL("../../bin/verify-manager.js", import.meta.url));

/** A tool call is a whole CLI command; a ticket with gates may take half an hour or more. */
export const TOOL_TIMEOUT_MS = 2 * 60 * 60 * 1000;

export interface CallOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** What a tool returns: the contract object, or why there is none. */
export type CallResult =
  | { ok: true; exitCode: number | null; value: unknown }
  | { ok: false; exitCode: number | null; message: string };

/** The CLI's one-line error (`verify-manager: …`, then `hint: …`), else stderr's last line. */
function stderrReason(text: string): string {
  const lines = text.trim().split("\n");
  const at = lines.findLastIndex((line) => line.startsWith("verify-manager: "));
  if (at < 0) return lines[lines.length - 1] ?? "";
  const hint = lines[at + 1]?.startsWith("hint: ") ? ` (${lines[at + 1]})` : "";
  return `${lines[at]?.slice("verify-manager: ".length)}${hint}`;
}

/** Run a shell command line in `dir` under the deadline and read one contract object from stdout. */
export async function callJson(
  command: string,
  schema: z.ZodType,
  options: CallOptions,
): Promise<CallResult> {
  const child = await runChild({
    command,
    cwd: options.dir,
    env: options.env,
    timeoutMs: options.timeoutMs ?? TOOL_TIMEOUT_MS,
    signal: options.signal,
  });
  const label = command.length > 80 ? `${command.slice(0, 77)}...` : command;
  if (child.spawnError !== null) {
    return { ok: false, exitCode: null, message: `could not start ${label}: ${child.spawnError}` };
  }
  if (child.terminationReason === "timeout" || child.terminationReason === "aborted") {
    const why = child.timedOut ? `timed out after ${child.durationMs} ms` : "cancelled";
    return { ok: false, exitCode: child.exitCode, message: `${label}: ${why}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(child.stdout);
  } catch {
    const why = stderrReason(child.stderr) || "no JSON on stdout";
    return {
      ok: false,
      exitCode: child.exitCode,
      message: `${label} exited ${child.exitCode ?? child.signal}: ${why}`,
    };
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    return {
      ok: false,
      exitCode: child.exitCode,
      message: `${label} printed JSON that does not match its contract: ${checked.error.issues[0]?.message ?? "invalid"}`,
    };
  }
  return { ok: true, exitCode: child.exitCode, value: checked.data };
}

/** `verify-manager <args> --json --dir <dir>`, with this Node and this package's bin. */
export function managerCommand(args: readonly string[], dir: string): string {
  return [process.execPath, MANAGER_BIN, ...args, "--json", "--dir", dir].map(shellQuote).join(" ");
}
