import { FlowListInputSchema, type FlowListInput, type Manifest } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { runChild, type ChildResult } from "../supervise/child.js";
import { substituteFlow } from "../supervise/shell-quote.js";

export type ListedFlow = FlowListInput["flows"][number];

export const LIST_TIMEOUT_MS = 60_000;

export interface ListOptions {
  env?: NodeJS.ProcessEnv | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

function failure(message: string, stderr: string): ManagerError {
  const tail = stderr.trim().split("\n").slice(-5).join("\n");
  return new ManagerError(ManagerErrorCode.ListFailed, tail ? `${message}\n${tail}` : message, {
    hint: "run the runner_command with --list by hand in the project folder and fix what it prints",
  });
}

/** Start `runner_command` with `{flow}` = `--list` in DIR (contract 2). */
export function startList(
  dir: string,
  manifest: Manifest,
  options: ListOptions = {},
): Promise<ChildResult> {
  return runChild({
    command: substituteFlow(manifest.runner_command, "--list"),
    cwd: dir,
    env: options.env,
    timeoutMs: options.timeoutMs ?? LIST_TIMEOUT_MS,
    signal: options.signal,
  });
}

/** What a `--list` run printed, validated as contract 2; every problem is a ManagerError. */
export function listedFlows(child: ChildResult, timeoutMs = LIST_TIMEOUT_MS): ListedFlow[] {
  return listedRunner(child, timeoutMs).flows;
}

/** The runner's whole `--list` answer, validated: its flows and the capabilities it offers. */
export function listedRunner(
  child: ChildResult,
  timeoutMs = LIST_TIMEOUT_MS,
): { flows: ListedFlow[]; capabilities: string[] } {
  const what = `runner --list (${child.command})`;
  if (child.terminationReason === "spawn_error")
    throw failure(`${what} could not start: ${child.spawnError}`, "");
  if (child.timedOut) throw failure(`${what} timed out after ${timeoutMs} ms`, child.stderr);
  if (child.isMaxBuffer) throw failure(`${what} printed more than 16 MiB`, child.stderr);
  if (child.exitCode !== 0) {
    const how =
      child.exitCode === null ? `killed by ${child.signal}` : `exit code ${child.exitCode}`;
    throw failure(`${what} failed (${how})`, child.stderr);
  }
  let value: unknown;
  try {
    value = JSON.parse(child.stdout);
  } catch {
    throw failure(`${what} did not print one JSON object`, child.stderr);
  }
  const parsed = FlowListInputSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join(".") || "(object)";
    throw failure(
      `${what} printed JSON that is not contract 2: ${where}: ${issue?.message ?? "invalid"}`,
      "",
    );
  }
  return { flows: parsed.data.flows, capabilities: parsed.data.capabilities ?? [] };
}

/** Contract 2: run `runner_command` with `{flow}` = `--list` in DIR and validate what it prints. */
export async function listFlows(
  dir: string,
  manifest: Manifest,
  options: ListOptions = {},
): Promise<ListedFlow[]> {
  return listedFlows(await startList(dir, manifest, options), options.timeoutMs);
}
