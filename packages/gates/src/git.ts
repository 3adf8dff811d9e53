import { isAbsolute } from "node:path";
import { GatesError, GatesErrorCode } from "./errors.js";
import { exec, formatLimit, MAX_TIMER_MS } from "./exec.js";

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

/** Where a directory's repository is; undefined for what git could not say (outside git). */
export interface RepoLocation {
  /** The working tree's top level (`--show-toplevel`). */
  topLevel: string | undefined;
  /** The repository's common git directory, absolute (`--git-common-dir`): one per clone. */
  commonDir: string | undefined;
}

/**
 * A directory's repository, asked of git once per process (a stop asks it for the loop, the
 * state folder and the run; each question was a process of its own). Only an answer is kept:
 * a directory that was not in a repository is asked again next time.
 */
const locations = new Map<string, Promise<RepoLocation>>();

export function repoLocation(dir: string): Promise<RepoLocation> {
  let location = locations.get(dir);
  if (location === undefined) {
    location = locate(dir);
    locations.set(dir, location);
    location.then(
      (found) => {
        if (found.topLevel === undefined) locations.delete(dir);
        // The top level is in the same repository: its own question has the same answer.
        else if (!locations.has(found.topLevel)) locations.set(found.topLevel, location!);
      },
      () => locations.delete(dir),
    );
  }
  return location;
}

async function locate(dir: string): Promise<RepoLocation> {
  const both = await gitTry(dir, [
    "rev-parse",
    "--path-format=absolute",
    "--show-toplevel",
    "--git-common-dir",
  ]);
  const [top, common] = both.stdout.split("\n").map((line) => line.trim());
  if (both.ok && top && common && isAbsolute(top) && isAbsolute(common))
    return { topLevel: top, commonDir: common };
  // Not in a working tree (a bare repository, inside .git): each question alone.
  const alone = await gitTry(dir, ["rev-parse", "--path-format=absolute", "--git-common-dir"]);
  return { topLevel: undefined, commonDir: alone.ok ? alone.stdout.trim() : undefined };
}

export async function repoRoot(cwd: string): Promise<string> {
  const { topLevel } = await repoLocation(cwd);
  if (topLevel === undefined) {
    throw new GatesError(GatesErrorCode.NotARepo, `${cwd} is not inside a git repository`, {
      hint: "run verify-gates from a git working tree",
    });
  }
  return topLevel;
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

/** Files at a commit named by its full id (which cannot change), asked of git once per process. */
const shown = new Map<string, Promise<string | undefined>>();
const MAX_SHOWN = 256;

/** File content at a commit, or undefined when the file does not exist there. */
export function showFile(cwd: string, commit: string, path: string): Promise<string | undefined> {
  const show = async () => {
    const result = await gitTry(cwd, ["show", `${commit}:${path}`]);
    return result.ok ? result.stdout : undefined;
  };
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commit)) return show();
  const key = `${cwd}\0${commit}\0${path}`;
  let text = shown.get(key);
  if (text === undefined) {
    if (shown.size >= MAX_SHOWN) shown.clear();
    text = show();
    shown.set(key, text);
    text.catch(() => shown.delete(key));
  }
  return text;
}
