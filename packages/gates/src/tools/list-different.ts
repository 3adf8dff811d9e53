import type { ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

/**
 * The verdict of a formatter run with `--list-different` (prettier, oxfmt): exit 0 clean, exit 1
 * the unformatted files on stdout, exit 2 the syntax errors already read from its stderr
 * (`syntax`) or a broken setup. Anything else, or a non-zero exit that names no file, is the tool
 * failing to run, never clean (prettier exits 1 listing nothing when it refuses its arguments).
 */
export function listDifferentFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
  rule: string,
  syntax: RawFinding[],
): RawFinding[] {
  if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 2)
    throw toolFailed(stage, command, result, "crashed");
  if (result.exitCode === 2 && syntax.length === 0)
    throw toolFailed(stage, command, result, "could not check formatting");
  const findings = [...syntax];
  for (const line of result.stdout.split("\n")) {
    const file = line.trim();
    if (file === "") continue;
    findings.push({ file: repoPath(dir, file), line: null, rule, message: "not formatted" });
  }
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed(stage, command, result, "failed without listing a file");
  return findings;
}
