import { GatesError, GatesErrorCode } from "../errors.js";
import { gitTry } from "../git.js";

/** git's empty tree: the base of a repository with no commit yet (every file is the change). */
export const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

export interface BaseRefs {
  ref: string;
  commit: string;
  mergeBase: string;
}

async function isShallow(root: string): Promise<boolean> {
  const result = await gitTry(root, ["rev-parse", "--is-shallow-repository"]);
  return result.stdout.trim() === "true";
}

/** Resolve the base ref and the merge base of it and HEAD; a missing ref or cut history is a setup error. */
export async function resolveBase(root: string, ref: string): Promise<BaseRefs> {
  if (ref === EMPTY_TREE) return { ref, commit: EMPTY_TREE, mergeBase: EMPTY_TREE };
  const commit = await gitTry(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (!commit.ok) {
    const shallow = await isShallow(root);
    throw new GatesError(
      GatesErrorCode.BaseMissing,
      `base ref '${ref}' does not exist in this repository`,
      {
        hint: shallow
          ? `this is a shallow clone: git fetch --deepen=50 origin ${ref} (or set base: in .verify/gates.yaml / BASE=<ref>)`
          : `git fetch origin ${ref}, or pass --base <ref> / BASE=<ref>`,
      },
    );
  }
  const mergeBase = await gitTry(root, ["merge-base", commit.stdout.trim(), "HEAD"]);
  if (!mergeBase.ok) {
    const shallow = await isShallow(root);
    throw new GatesError(
      shallow ? GatesErrorCode.HistoryTooShallow : GatesErrorCode.BaseMissing,
      shallow
        ? `history too shallow: no merge base of '${ref}' and HEAD in this shallow clone`
        : `'${ref}' and HEAD have no common history`,
      {
        hint: shallow
          ? `git fetch --deepen=100 (repeat until a merge base exists) or git fetch --unshallow`
          : `pass a base that shares history with HEAD: --base <ref>`,
      },
    );
  }
  return { ref, commit: commit.stdout.trim(), mergeBase: mergeBase.stdout.trim() };
}
