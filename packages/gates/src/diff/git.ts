import { execFile } from "node:child_process";
import { GatesError, GatesErrorCode } from "../errors.js";

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Run git read-only; never throws, the caller decides what a failure means. */
export function gitTry(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      "git",
      args,
      { cwd, maxBuffer: 512 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        resolve({ ok: !error, stdout, stderr });
      },
    );
  });
}

export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const result = await gitTry(cwd, args);
  if (!result.ok) {
    const detail = result.stderr.trim().split("\n")[0] ?? "";
    throw new GatesError(GatesErrorCode.Git, `git ${args[0] ?? ""} failed: ${detail}`);
  }
  return result.stdout;
}

export async function repoRoot(cwd: string): Promise<string> {
  const result = await gitTry(cwd, ["rev-parse", "--show-toplevel"]);
  if (!result.ok) {
    throw new GatesError(GatesErrorCode.NotARepo, `${cwd} is not inside a git repository`, {
      hint: "run verify-gates from a git working tree",
    });
  }
  return result.stdout.trim();
}

/** File content at a commit, or undefined when the file does not exist there. */
export async function showFile(
  cwd: string,
  commit: string,
  path: string,
): Promise<string | undefined> {
  const result = await gitTry(cwd, ["show", `${commit}:${path}`]);
  return result.ok ? result.stdout : undefined;
}
