import { basename, dirname } from "node:path";
import { repoLocation } from "../git.js";

async function topLevel(dir: string): Promise<string | undefined> {
  return (await repoLocation(dir)).topLevel;
}

/** The main working tree of the repository `dir` is in (a linked worktree's project). */
async function mainWorktree(dir: string): Promise<string | undefined> {
  const common = (await repoLocation(dir)).commonDir;
  if (common === undefined) return undefined;
  return basename(common) === ".git" ? dirname(common) : undefined;
}

export interface LoopRoots {
  /** The repository `dir` is in; undefined outside git. */
  own: string | undefined;
  /** Where a loop file may be, in order: `dir`'s repository, `$CLAUDE_PROJECT_DIR`'s, the main worktree. */
  roots: string[];
}

/**
 * A subagent in a linked worktree is gated there, while its session's loop was armed in the
 * project: look in the worktree, the project the agent runs in, and the worktree's main tree.
 */
export async function loopRoots(dir: string, env: NodeJS.ProcessEnv): Promise<LoopRoots> {
  const own = await topLevel(dir);
  const candidates = [
    own,
    env.CLAUDE_PROJECT_DIR ? await topLevel(env.CLAUDE_PROJECT_DIR) : undefined,
    own ? await mainWorktree(own) : undefined,
  ];
  const roots: string[] = [];
  for (const root of candidates) if (root && !roots.includes(root)) roots.push(root);
  return { own, roots };
}
