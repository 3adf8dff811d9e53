import { readFileSync } from "node:fs";
import { manifestPath } from "@agent-verify/contract/constants";
import { runChild, type ChildResult } from "../supervise/child.js";
import { substituteFlow } from "../supervise/shell-quote.js";

/**
 * `--list` started before the manifest is validated. Loading zod and yaml to validate
 * the manifest costs about as much as the runner's `--list` itself, so the two overlap;
 * the result is used only when the validated runner_command is the very same string
 * (contract 2: `--list` has no side effects). Anything else cancels it.
 */
export interface EarlyList {
  runnerCommand: string;
  result: Promise<ChildResult>;
  cancel(): void;
}

export const LIST_TIMEOUT_MS = 60_000;

/** The runner_command scalar of a plain `runner_command: ...` line, or null when unsure. */
export function peekRunnerCommand(yamlText: string): string | null {
  const match = /^runner_command:[ \t]*(.+?)[ \t]*$/m.exec(yamlText);
  const raw = match?.[1];
  if (raw === undefined) return null;
  let value: string;
  if (raw.startsWith('"')) {
    try {
      value = JSON.parse(raw) as string;
    } catch {
      return null;
    }
  } else if (raw.startsWith("'")) {
    if (!raw.endsWith("'") || raw.length < 2) return null;
    value = raw.slice(1, -1).replaceAll("''", "'");
  } else {
    if (/[#&*!|>%@`{[]/.test(raw[0] ?? "") || raw.includes(" #")) return null;
    value = raw;
  }
  return typeof value === "string" && value.includes("{flow}") ? value : null;
}

export function startEarlyList(
  dir: string,
  env?: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): EarlyList | null {
  let text: string;
  try {
    text = readFileSync(manifestPath(dir), "utf8");
  } catch {
    return null;
  }
  const runnerCommand = peekRunnerCommand(text);
  if (runnerCommand === null) return null;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const result = runChild({
    command: substituteFlow(runnerCommand, "--list"),
    cwd: dir,
    env,
    timeoutMs: LIST_TIMEOUT_MS,
    signal: controller.signal,
  }).finally(() => signal?.removeEventListener("abort", onAbort));
  return { runnerCommand, result, cancel: () => controller.abort() };
}
