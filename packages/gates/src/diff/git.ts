import { GatesError, GatesErrorCode } from "../errors.js";
import { exec, formatLimit, MAX_TIMER_MS } from "../exec.js";

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

export const DEFAULT_GIT_TIMEOUT_S = 120;

/** The deadline of one git command: `VERIFY_GATES_GIT_TIMEOUT_S` (seconds), else 120 s. */
export function gitTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.VERIFY_GATES_GIT_TIMEOUT_S);
  const valid = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_GIT_TIMEOUT_S;
  return Math.min(Math.round(valid * 1000), MAX_TIMER_MS);
}

/**
 * Run git read-only; a failure is the caller's to judge, but a git that does not finish
 * within its deadline is a setup error here (its group is killed).
 */
export async function gitTry(
  cwd: string,
  args: readonly string[],
  input?: string,
): Promise<GitResult & { stdoutBytes: Buffer }> {
  const result = await exec("git", args, {
    cwd,
    timeoutMs: gitTimeoutMs(),
    ...(input === undefined ? {} : { input }),
  });
  if (result.timedOut) {
    throw new GatesError(
      GatesErrorCode.Timeout,
      `'${`git ${args.join(" ")}`.slice(0, 120)}' did not finish within ${formatLimit(result.timeoutMs)} (killed)`,
      {
        hint: "check the repository (a lock, a slow filesystem) or raise VERIFY_GATES_GIT_TIMEOUT_S",
      },
    );
  }
  const stderr = result.spawnError
    ? `git could not be started: ${result.spawnError.message}`
    : result.stderr;
  return {
    ok: result.exitCode === 0,
    stdout: result.stdout,
    stdoutBytes: result.stdoutBytes,
    stderr,
  };
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

/**
 * Blobs by object id, in one `git cat-file --batch` (one process, however many files): the
 * text of each id git has; a missing one is left out.
 */
export async function readBlobs(cwd: string, ids: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (ids.length === 0) return texts;
  const result = await gitTry(cwd, ["cat-file", "--batch"], `${ids.join("\n")}\n`);
  if (!result.ok)
    throw new GatesError(
      GatesErrorCode.Git,
      `git cat-file failed: ${result.stderr.trim().split("\n")[0] ?? ""}`,
    );
  const out = result.stdoutBytes;
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(10, at);
    if (end < 0) break;
    // `<id> <type> <size>` then the content and a newline, or `<id> missing`.
    const [id, type, size] = out.subarray(at, end).toString("utf8").split(" ");
    at = end + 1;
    if (type === "missing" || id === undefined) continue;
    const length = Number(size);
    if (!Number.isInteger(length) || length < 0 || at + length > out.length)
      throw new GatesError(
        GatesErrorCode.Git,
        `git cat-file printed an unreadable answer for ${id}`,
      );
    texts.set(id, out.subarray(at, at + length).toString("utf8"));
    at += length + 1;
  }
  return texts;
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
