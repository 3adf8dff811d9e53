import { relative, resolve } from "node:path";
import type { GatesConfig } from "@agent-verify/contract";
import { GatesError, GatesErrorCode } from "../errors.js";
import { cancelledBy, exec, formatLimit, tail, type ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { toolLaunch } from "./package-bin.js";

/** A finding as a tool reports it, before it is tied to a stage. */
export interface RawFinding {
  file: string | null;
  line: number | null;
  rule: string;
  message: string;
}

/** How long a command may take, and the setting that says so (for the message). */
export interface Deadline {
  ms: number;
  setting: string;
  /** Aborted: the command is not started, or its group is killed, and Cancelled is thrown. */
  signal?: AbortSignal | undefined;
}

export const deadlineOf = (
  timeouts: GatesConfig["timeouts"],
  key: keyof GatesConfig["timeouts"],
): Deadline => ({ ms: Math.round(timeouts[key] * 1000), setting: `timeouts.${key}` });

export function runTool(
  dir: string,
  command: ToolCommand,
  extraArgs: readonly string[],
  stage: string,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
  input?: string,
): Promise<ExecResult> {
  return runArgv(dir, command, [...command.args, ...extraArgs], stage, env, deadline, input);
}

/** Run a command's executable with `argv` in place of its own arguments. */
export async function runArgv(
  dir: string,
  command: ToolCommand,
  argv: readonly string[],
  stage: string,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
  input?: string,
): Promise<ExecResult> {
  if (deadline.signal?.aborted) throw cancelledBy(deadline.signal);
  // A trusted tool runs from its package's entry point, never from a `.bin` shim the change can replace.
  const launch = toolLaunch(dir, command.tool, stage, env);
  const ran = await exec(launch.file, [...launch.args, ...argv], {
    cwd: dir,
    // The environment as the user has it: a suite that checks its own color handling must see
    // the FORCE_COLOR / NO_COLOR it runs with; what a tool prints in color is stripped below.
    env,
    timeoutMs: deadline.ms,
    signal: deadline.signal,
    ...(input === undefined ? {} : { input }),
  });
  if (ran.terminationReason === "cancelled" && deadline.signal) throw cancelledBy(deadline.signal);
  const result = { ...ran, stdout: stripAnsi(ran.stdout), stderr: stripAnsi(ran.stderr) };
  if (result.timedOut) throw timedOut(stage, command.text, result, deadline.setting);
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

/**
 * What a tool prints in color loses its escape codes (CSI and OSC) before it is read: gates
 * never changes the color settings (FORCE_COLOR, which turbo and many CI runners set, makes
 * oxfmt wrap its `file:line` in escape codes), so every parser reads stripped text.
 */
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const ANSI = new RegExp(
  `${ESC}\\[[0-?]*[ -/]*[@-~]|${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)`,
  "g",
);

export function stripAnsi(text: string): string {
  return text.includes(ESC) ? text.replace(ANSI, "") : text;
}

/** A command that passed its deadline: its group was killed; the setup, not the code, is at fault. */
export function timedOut(
  stage: string,
  text: string,
  result: ExecResult,
  setting: string,
): GatesError {
  return new GatesError(
    GatesErrorCode.Timeout,
    `${stage}: '${text}' did not finish within ${formatLimit(result.timeoutMs)} (its process group was killed)`,
    { hint: `find out why it hangs, or raise ${setting} in .verify/gates.yaml` },
  );
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
