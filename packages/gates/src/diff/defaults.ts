import type { GatesMode } from "@agent-verify/contract";
import { isProductFile } from "@agent-verify/contract/product-files";
import { gitTry } from "./git.js";

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
 * default branch (`origin/HEAD`), else a local `main` or `master` that is not the current branch.
 */
export async function defaultBase(root: string): Promise<string> {
  const branch = await out(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  const upstream = await out(root, [
    "rev-parse",
    "--abbrev-ref",
    "--symbolic-full-name",
    "@{upstream}",
  ]);
  // An upstream of the same name is this branch pushed: its merge base would hide the change.
  if (upstream && upstream !== branch && !upstream.endsWith(`/${branch}`)) return upstream;
  const originHead = await out(root, [
    "symbolic-ref",
    "--quiet",
    "--short",
    "refs/remotes/origin/HEAD",
  ]);
  if (originHead) return originHead;
  for (const name of ["main", "master"]) {
    if (name === branch) continue;
    if (await out(root, ["rev-parse", "--verify", "--quiet", `refs/heads/${name}^{commit}`]))
      return name;
  }
  return FALLBACK_BASE;
}

/**
 * The mode when neither `--mode`, `VERIFY_MODE` nor the config names one (seed 004):
 * post-commit when the work is committed (a clean tree, but for agent-verify's own files) and
 * HEAD is ahead of the merge base; pre-commit otherwise.
 */
export async function defaultMode(
  root: string,
  mergeBase: string,
  own: readonly string[],
): Promise<GatesMode> {
  const head = await out(root, ["rev-parse", "HEAD"]);
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
