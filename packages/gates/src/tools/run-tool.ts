import { relative, resolve } from "node:path";
import { GatesError, GatesErrorCode } from "../errors.js";
import { exec, tail, type ExecResult } from "../exec.js";
import { resolveTool, type ToolCommand } from "./command.js";

/** A finding as a tool reports it, before it is tied to a stage. */
export interface RawFinding {
  file: string | null;
  line: number | null;
  rule: string;
  message: string;
}

export async function runTool(
  dir: string,
  command: ToolCommand,
  extraArgs: readonly string[],
  stage: string,
  env: NodeJS.ProcessEnv,
): Promise<ExecResult> {
  const file = resolveTool(dir, command.tool, stage, env);
  const result = await exec(file, [...command.args, ...extraArgs], { cwd: dir, env });
  if (result.spawnError || result.exitCode === 127) {
    throw new GatesError(
      GatesErrorCode.ToolMissing,
      `${stage}: '${command.tool}' could not be started`,
      {
        hint: result.spawnError?.message ?? tail(result.stderr),
      },
    );
  }
  return result;
}

export function toolFailed(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  why: string,
): GatesError {
  const output = tail(result.stderr || result.stdout) || "no output";
  return new GatesError(
    GatesErrorCode.ToolFailed,
    `${stage}: '${command.text}' ${why} (exit ${result.exitCode}): ${output}`,
    {
      hint: `run '${command.text}' by hand and fix the setup it complains about`,
    },
  );
}

/** Repository-relative POSIX path of a file a tool printed (absolute or relative to `dir`). */
export function repoPath(dir: string, file: string): string {
  return relative(dir, resolve(dir, file)).split("\\").join("/");
}
