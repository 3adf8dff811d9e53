import type { GatesMode } from "@agent-verify/contract";
import { isProductFile } from "@agent-verify/contract/product-files";
import { gitTry } from "../git.js";
import { EMPTY_TREE } from "./merge-base.js";

/** The fallback when the repository says nothing better (no upstream, no origin/HEAD). */
export const FALLBACK_BASE = "main";

async function out(root: string, args: string[]): Promise<string | undefined> {
  const result = await gitTry(root, args);
  const text = result.stdout.trim();
  return result.ok && text !== "" ? text : undefined;
}

/**
 * The base when neither `--base`, `BASE` nor the config names one (seed 004): the branch's
 * upstream when it is another branch (`git switch -c feat origin/main`), else the remote's
 * default branch (`origin/HEAD`), else the default branch the repository has (git's
 * `init.defaultBranch`, `main`, `master`: another branch first, else the current one, whose
 * change is then the uncommitted work), else its only branch. A repository with no commit yet
 * is judged against the empty tree: every file in it is the change.
 */
export async function defaultBase(
  root: string,
  head: Promise<string | undefined> = headCommit(root),
): Promise<string> {
  // Every question at once (each is a git start, a stop pays them all): answered in order below.
  const [commit, branch, upstream, originHead, configured, heads] = await Promise.all([
    head,
    out(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]),
    out(root, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]),
    out(root, ["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"]),
    out(root, ["config", "--get", "init.defaultBranch"]),
    out(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads/"]),
  ]);
  if (!commit) return EMPTY_TREE;
  // An upstream of the same name is this branch pushed: its merge base would hide the change.
  if (upstream && upstream !== branch && !upstream.endsWith(`/${branch}`)) return upstream;
  if (originHead) return originHead;
  const names = [...new Set([configured, "main", "master"])].filter((n) => n !== undefined);
  const local = heads?.split("\n");
  const defaults = names.filter((name) => local?.includes(name));
  const found = defaults.find((name) => name !== branch) ?? defaults[0];
  if (found) return found;
  return local?.length === 1 && local[0] ? local[0] : FALLBACK_BASE;
}

/**
 * HEAD's commit, or undefined when there is none yet. A run asks once: the default base and
 * the mode both need it.
 */
export const headCommit = (root: string) =>
  out(root, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);

/**
 * The mode when neither `--mode`, `VERIFY_MODE` nor the config names one (seed 004):
 * post-commit when the work is committed (a clean tree, but for agent-verify's own files) and
 * HEAD is ahead of the merge base; pre-commit otherwise.
 */

export async function defaultMode(
  root: string,
  mergeBase: string,
  own: readonly string[],
  head: string | undefined,
): Promise<GatesMode> {
  if (head === undefined || head === mergeBase) return "pre-commit";
  const status = await gitTry(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  if (!status.ok) return "pre-commit";
  const entries = status.stdout.split("\0");
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? "";
    if (entry.length <= 3) continue;
    if (entry[0] === "R" || entry[0] === "C") i += 1;
    const path = entry.slice(3);
    if (!isProductFile(path) && !own.includes(path)) return "pre-commit";
  }
  return "post-commit";
}

/** Whether the config text sets a top-level key itself (the schema fills in defaults for the rest). */
export const setsKey = (text: string | undefined, key: string) =>
  text !== undefined && new RegExp(`^${key}\\s*:`, "m").test(text);
