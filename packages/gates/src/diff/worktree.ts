import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { git, gitTry } from "../git.js";
import { EMPTY_TREE } from "./merge-base.js";

const SKIP = new Set(["node_modules", ".git", "dist", "coverage", ".turbo"]);

/** node_modules folders of the working tree (root and up to two levels of packages). */
async function nodeModulesDirs(root: string, rel = "", depth = 0): Promise<string[]> {
  const found: string[] = [];
  if (existsSync(join(root, rel, "node_modules"))) found.push(join(rel, "node_modules"));
  if (depth >= 2) return found;
  const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || SKIP.has(entry.name) || entry.name.startsWith(".")) continue;
    found.push(...(await nodeModulesDirs(root, join(rel, entry.name), depth + 1)));
  }
  return found;
}

export interface BaseWorktree {
  dir: string;
  dispose: () => Promise<void>;
}

/**
 * Check out `commit` in a temporary detached worktree (removed by `dispose`).
 * The installed node_modules are linked in so the same tools run at the base.
 */
export async function openBaseWorktree(
  root: string,
  commit: string,
  prefix = `verify-gates-base-${process.pid}-`,
): Promise<BaseWorktree> {
  const parent = await mkdtemp(join(tmpdir(), prefix));
  const dir = join(parent, "base");
  const dispose = async () => {
    const removed = await gitTry(root, ["worktree", "remove", "--force", dir]);
    await rm(parent, { recursive: true, force: true });
    // A removed worktree leaves nothing to prune; one git could not remove (or never added) does.
    if (!removed.ok) await gitTry(root, ["worktree", "prune"]);
  };
  try {
    // A repository with no commit yet: its base is an empty folder (git cannot check out a tree).
    if (commit === EMPTY_TREE) await mkdir(dir);
    else await git(root, ["worktree", "add", "--detach", "--quiet", dir, commit]);
    for (const rel of await nodeModulesDirs(root)) {
      if (existsSync(dirname(join(dir, rel))) && !existsSync(join(dir, rel))) {
        await symlink(join(root, rel), join(dir, rel), "dir");
      }
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { dir, dispose };
}
