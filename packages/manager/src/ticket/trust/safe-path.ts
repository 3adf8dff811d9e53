import { constants, lstatSync, openSync, readlinkSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { fileError } from "./file-errors.js";

function symlinkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "?";
  }
}

/**
 * Refuse to write `file` when it, or a folder between the project folder and it, is a
 * symlink: the worker being verified owns the tree and could point `.verify/log.jsonl`
 * (or `.verify/` itself) anywhere. Missing parts are fine (they are created as folders).
 */
export function refuseSymlinks(dir: string, file: string): void {
  const rel = relative(dir, file);
  if (rel === "" || rel.startsWith("..")) return;
  let current = dir;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw fileError(error, dir, current, "read");
    }
    if (isLink) {
      const shown = relative(dir, current);
      throw new ManagerError(
        ManagerErrorCode.UnsafePath,
        `refusing to write ${rel}: ${shown} is a symlink (to ${symlinkTarget(current)}), and writes stay inside .verify/; fix: replace ${shown} with a real ${shown === rel ? "file" : "folder"}`,
      );
    }
  }
}

/** open(2) that never follows a symlink at the last component (ELOOP instead). */
export function openNoFollow(dir: string, file: string, flags: number, mode = 0o644): number {
  refuseSymlinks(dir, file);
  try {
    return openSync(file, flags | constants.O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") refuseSymlinks(dir, file);
    throw fileError(error, dir, file);
  }
}
