import { readFile } from "node:fs/promises";
import { join } from "node:path";
import picomatch from "picomatch";
import { isProductFile } from "@agent-verify/contract/product-files";
import type { GatesContext } from "../context.js";
import type { FileChange } from "../diff/change.js";
import { gitTry, showFile } from "../git.js";
import type { Oracle } from "../oracle/index.js";
import { sha256 } from "../state/store.js";
import { lineDiff, type LineDiff } from "./line-diff.js";

/**
 * One file the floor judges: its reference text (the oracle's when the oracle holds it, else the
 * merge base's) against the working tree's. A test committed on the branch before the task began
 * is the oracle's, so only what changed since then counts.
 */
export interface JudgedFile {
  path: string;
  /** The reference's path when the change renamed the file. */
  oldPath: string | undefined;
  before: string | undefined;
  after: string | undefined;
  /** The oracle holds the reference text (a test, config, setup file, script or ignore list). */
  isOracle: boolean;
  /** Git's view of the change against the merge base, when the file is in it. */
  change: FileChange | undefined;
  diff: LineDiff;
}

const readWorking = (root: string, path: string) =>
  readFile(join(root, path), "utf8").catch(() => undefined);

/** Oracle files that differ from the working tree and that the merge-base change does not list. */
async function driftedOracleFiles(
  ctx: GatesContext,
  oracle: Oracle,
  listed: ReadonlySet<string>,
): Promise<string[]> {
  const source = oracle.source;
  if (source.kind === "commit") {
    if (source.commit === ctx.change.mergeBase) return [];
    const diff = await gitTry(ctx.root, [
      "diff",
      "--name-only",
      "--no-renames",
      "-z",
      source.commit,
      "--",
    ]);
    if (!diff.ok) return [];
    return diff.stdout.split("\0").filter((p) => p !== "" && oracle.files.has(p) && !listed.has(p));
  }
  const out: string[] = [];
  for (const [path, file] of oracle.files) {
    if (listed.has(path)) continue;
    const data = await readFile(join(ctx.root, path)).catch(() => undefined);
    if (data === undefined || sha256(data) !== file.sha256) out.push(path);
  }
  return out;
}

/** The reference text of a path: the oracle's, else the merge base's. */
async function reference(
  ctx: GatesContext,
  oracle: Oracle,
  path: string,
): Promise<{ text: string | undefined; isOracle: boolean }> {
  if (oracle.files.has(path)) return { text: await oracle.read(path), isOracle: true };
  return { text: await showFile(ctx.root, ctx.change.mergeBase, path), isOracle: false };
}

/** Every file the floor judges, each against its reference; unchanged ones left out. */
export async function judgedFiles(
  ctx: GatesContext,
  oracle: Oracle | undefined = undefined,
): Promise<JudgedFile[]> {
  oracle ??= await ctx.oracle();
  const listed = new Set(
    ctx.change.files.flatMap((f) => [f.path, ...(f.oldPath ? [f.oldPath] : [])]),
  );
  const out: JudgedFile[] = [];
  const add = async (path: string, oldPath: string | undefined, change: FileChange | undefined) => {
    const isNew = change?.status === "added" || change?.status === "untracked";
    const ref =
      isNew && !oracle.files.has(path)
        ? { text: undefined, isOracle: false }
        : await reference(ctx, oracle, oldPath ?? path);
    const after = change?.status === "deleted" ? undefined : await readWorking(ctx.root, path);
    if (ref.text === after && oldPath === undefined) return;
    out.push({
      path,
      oldPath,
      before: ref.text,
      after,
      isOracle: ref.isOracle,
      change,
      diff: lineDiff(ref.text, after),
    });
  };
  for (const file of ctx.change.files) await add(file.path, file.oldPath, file);
  const isExcluded = picomatch(ctx.config.exclude, { dot: true });
  for (const path of await driftedOracleFiles(ctx, oracle, listed))
    if (!isProductFile(path) && !isExcluded(path)) await add(path, undefined, undefined);
  return out;
}

/** How the file changed against its reference. */
export const statusOf = (file: JudgedFile): "added" | "deleted" | "modified" | "renamed" =>
  file.before === undefined
    ? "added"
    : file.after === undefined
      ? "deleted"
      : file.oldPath !== undefined
        ? "renamed"
        : "modified";
