import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { productFileGlobs } from "@agent-verify/contract/product-files";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { runChild } from "../../supervise/child.js";

/** A git call on a working tree is local work; this long is a hung git (a lock, a hook). */
export const GIT_TIMEOUT_MS = 120_000;

/**
 * Files agent-verify writes while verifying (the contract's product files), as git glob
 * pathspecs matched at any depth (a project may sit in a sub-folder of the repo), and the bd
 * tracker's own folder. Leaving them out keeps the hash of a tree the same before and after it
 * is verified.
 */
export const RUNTIME_PATHS: readonly string[] = [...productFileGlobs(), "**/.beads/**"];

interface GitOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

async function git(args: readonly string[], options: GitOptions): Promise<string> {
  const result = await runChild({
    command: "git",
    args,
    cwd: options.cwd,
    env: options.env,
    timeoutMs: GIT_TIMEOUT_MS,
    maxStdoutBytes: 64 * 1024 * 1024,
    stderrTailLines: 20,
  });
  if (result.exitCode === 0 && !result.isMaxBuffer) return result.stdout;
  const detail = result.timedOut
    ? `timed out after ${GIT_TIMEOUT_MS} ms`
    : result.isMaxBuffer
      ? "printed more than 64 MiB"
      : (result.spawnError ?? (result.stderr.trim().split("\n")[0] || `exit ${result.exitCode}`));
  throw new ManagerError(
    ManagerErrorCode.GitFailed,
    `git ${args[0] ?? ""} failed in ${options.cwd}: ${detail}`,
    { hint: "check the repository with git status (an index lock, a broken object), then retry" },
  );
}

/** The work tree's top folder, or null outside git (or without git). */
async function workTreeTop(dir: string): Promise<string | null> {
  try {
    const top = (await git(["rev-parse", "--show-toplevel"], { cwd: dir })).trim();
    return top === "" ? null : top;
  } catch {
    return null;
  }
}

async function hasHead(options: GitOptions): Promise<boolean> {
  try {
    await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], options);
    return true;
  } catch {
    return false;
  }
}

function runtimePathspecs(magic: "top,glob" | "top,glob,exclude"): string[] {
  return RUNTIME_PATHS.map((pattern) => `:(${magic})${pattern}`);
}

/**
 * The git tree of the working copy as it is now: tracked files with their edits, untracked
 * files that are not ignored, deleted files absent, runtime files left out. Built in a
 * throwaway index, so the repo's own index is never touched. Null when `dir` is not in a git
 * work tree or git is missing; a git failure past that point throws.
 */
export async function treeHash(dir: string): Promise<string | null> {
  const top = await workTreeTop(dir);
  if (top === null) return null;
  const scratch = await mkdtemp(path.join(os.tmpdir(), "tree-hash-"));
  const options = {
    cwd: top,
    env: { ...process.env, GIT_INDEX_FILE: path.join(scratch, "index") },
  };
  try {
    if (await hasHead(options)) {
      await git(["read-tree", "HEAD"], options);
      const tracked = runtimePathspecs("top,glob");
      await git(["rm", "--cached", "-r", "-q", "--ignore-unmatch", "--", ...tracked], options);
    }
    const excluded = runtimePathspecs("top,glob,exclude");
    await git(["add", "-A", "--", ".", ...excluded], options);
    return (await git(["write-tree"], options)).trim();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
