import type { GatesConfig } from "@agent-verify/contract";
import { defaultBase, setsKey } from "./defaults.js";

/**
 * The base a run compares with: `--base`, else `BASE`, else the working config's `base:`, else
 * the branch the repository's default is. A loop fixes it once, at `loop start`, as a commit
 * (loop/commands.ts): refs and the config are in the agent's reach, a recorded commit is not.
 */
export async function baseRefOf(
  root: string,
  env: NodeJS.ProcessEnv,
  explicit: string | undefined,
  working: { config: GatesConfig; text: string | undefined },
  /** HEAD's commit, when the caller asked git already (diff/defaults.ts `headCommit`). */
  head?: Promise<string | undefined>,
): Promise<string> {
  return (
    explicit ??
    (env.BASE || undefined) ??
    (setsKey(working.text, "base") ? working.config.base : await defaultBase(root, head))
  );
}
