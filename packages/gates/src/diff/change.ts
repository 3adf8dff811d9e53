import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import picomatch from "picomatch";
import type { ChangedFile } from "@agent-verify/contract";
import { isProductFile } from "@agent-verify/contract/product-files";
import { git } from "../git.js";
import { isOwnToolFile } from "./own-files.js";
import { parseUnifiedDiff, type Hunk } from "./unified-diff.js";

export type FileStatus = ChangedFile["status"];

export interface FileChange {
  path: string;
  status: FileStatus;
  oldPath: string | undefined;
  added: Map<number, string>;
  deleted: number;
  hunks: Hunk[];
  /** sha256 of the working-tree content, "deleted" for a deleted file. */
  contentHash: string;
}

export interface Change {
  mergeBase: string;
  files: FileChange[];
  /** Files `loop install` wrote, left out of `files` (git-clean leaves them alone too). */
  own: string[];
}

const STATUS: Record<string, FileStatus> = {
  A: "added",
  M: "modified",
  D: "deleted",
  R: "renamed",
  T: "modified",
};

function parseNameStatus(
  text: string,
): Array<{ status: FileStatus; path: string; oldPath?: string }> {
  const parts = text.split("\0");
  const out: Array<{ status: FileStatus; path: string; oldPath?: string }> = [];
  for (let i = 0; i < parts.length; i++) {
    const code = parts[i];
    if (!code) continue;
    const status = STATUS[code[0] ?? ""] ?? "modified";
    if (code.startsWith("R") || code.startsWith("C")) {
      out.push({
        status: code.startsWith("R") ? "renamed" : "added",
        oldPath: parts[i + 1] ?? "",
        path: parts[i + 2] ?? "",
      });
      i += 2;
    } else {
      out.push({ status, path: parts[i + 1] ?? "" });
      i += 1;
    }
  }
  return out;
}

function isBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 8000).includes(0);
}

async function readWorking(root: string, path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(root, path));
  } catch {
    return undefined;
  }
}

function hashBuffer(buffer: Buffer | undefined): string {
  return buffer === undefined ? "deleted" : createHash("sha256").update(buffer).digest("hex");
}

function untrackedLines(buffer: Buffer | undefined): Map<number, string> {
  const added = new Map<number, string>();
  if (!buffer || isBinary(buffer)) return added;
  const lines = buffer.toString("utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  lines.forEach((text, index) => added.set(index + 1, text));
  return added;
}

/**
 * The change: merge base against the working tree, tracked (staged or not) and untracked files.
 * What agent-verify itself wrote (the contract's product files) is never part of it, ignored by
 * git or not.
 */
export async function collectChange(
  root: string,
  mergeBase: string,
  exclude: readonly string[],
): Promise<Change> {
  const matchesExclude = picomatch(exclude.length > 0 ? [...exclude] : ["\0"], { dot: true });
  const isExcluded = (path: string) => isProductFile(path) || matchesExclude(path);
  const base = [
    "-c",
    "core.quotePath=false",
    "diff",
    "--no-color",
    "--no-ext-diff",
    "-M",
    mergeBase,
  ];
  const [names, patch, untracked] = await Promise.all([
    git(root, [...base, "--name-status", "-z", "--"]),
    git(root, [...base, "-U0", "--"]),
    git(root, ["ls-files", "--others", "--exclude-standard", "-z"]),
  ]);
  const patches = new Map(parseUnifiedDiff(patch).map((p) => [p.path, p]));
  const files: FileChange[] = [];
  for (const entry of parseNameStatus(names)) {
    if (isExcluded(entry.path)) continue;
    const p = patches.get(entry.path);
    const buffer = entry.status === "deleted" ? undefined : await readWorking(root, entry.path);
    files.push({
      path: entry.path,
      status: entry.status,
      oldPath: entry.oldPath,
      added: p?.added ?? new Map(),
      deleted: p?.deleted ?? 0,
      hunks: p?.hunks ?? [],
      contentHash: hashBuffer(buffer),
    });
  }
  for (const path of untracked.split("\0")) {
    if (!path || isExcluded(path)) continue;
    const buffer = await readWorking(root, path);
    const added = untrackedLines(buffer);
    const hunks = [{ oldStart: 0, oldCount: 0, newStart: 1, newCount: added.size }];
    files.push({
      path,
      status: "untracked",
      oldPath: undefined,
      added,
      deleted: 0,
      hunks,
      contentHash: hashBuffer(buffer),
    });
  }
  const own: string[] = [];
  for (const file of files) if (await isOwnToolFile(root, mergeBase, file)) own.push(file.path);
  const counted = files.filter((f) => !own.includes(f.path));
  counted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { mergeBase, files: counted, own };
}

export function isPresent(file: FileChange): boolean {
  return file.status !== "deleted";
}

export function toChangedFile(file: FileChange): ChangedFile {
  return {
    path: file.path,
    status: file.status,
    ...(file.oldPath === undefined ? {} : { old_path: file.oldPath }),
    added_lines: file.added.size,
    deleted_lines: file.deleted,
  };
}
