import { tail, type ExecResult } from "../exec.js";
import type { ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import type { RawFinding } from "./run-tool.js";

/** How much of a plain command's output a finding keeps. */
export const OUTPUT_TAIL_LINES = 50;

/** Why a command whose output gates does not read failed: its exit and its last lines. */
export function exitFailure(text: string, result: ExecResult): string {
  const how = result.signal ? `was killed by ${result.signal}` : `exited ${result.exitCode}`;
  const output = tail(`${result.stdout}\n${result.stderr}`, OUTPUT_TAIL_LINES, "\n");
  return output === ""
    ? `'${text}' ${how} without output`
    : `'${text}' ${how}; the last lines of its output:\n${output}`;
}

export function exitCodeFindings(
  _stage: string,
  command: ToolCommand,
  result: ExecResult,
): RawFinding[] {
  if (result.exitCode === 0 && !result.signal) return [];
  return [
    { file: null, line: null, rule: "exit-code", message: exitFailure(command.text, result) },
  ];
}

/**
 * A command gates has no adapter for: run as written, its exit code is the verdict and its
 * output tail the finding. It cannot be held to the changed lines, so the stage says so.
 */
export const PLAIN: ToolAdapter = {
  name: "plain",
  pkg: "",
  reads: "only its exit code",
  scope: "project",
  accepts: () => true,
  argv: (command) => command.args,
  parse: exitCodeFindings,
};

export const plainNote = (commands: readonly ToolCommand[]) =>
  `${commands.map((c) => `'${c.text}'`).join(", ")} ${commands.length === 1 ? "has" : "have"} no adapter: judged by exit code only, not held to the changed lines`;
