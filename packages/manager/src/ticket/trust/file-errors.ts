import { relative } from "node:path";
import { ManagerError, ManagerErrorCode } from "../../errors.js";

/** What to do about each way a write can fail, said in one line. */
const FIXES: Record<string, string> = {
  EACCES: "permission denied; fix: make it writable (chmod u+w) or run as its owner",
  EPERM: "operation not permitted; fix: make it writable (chmod u+w) or run as its owner",
  EROFS: "read-only file system; fix: run where the folder is writable",
  ENOSPC: "no space left on device; fix: free disk space, then run again",
  EDQUOT: "disk quota exceeded; fix: free space in your quota, then run again",
  EFBIG: "file too large; fix: raise the file size limit (ulimit -f) or rotate the file",
  EISDIR: "it is a directory; fix: remove or rename that directory",
  ENOTDIR: "a parent is not a directory; fix: remove the file that stands where a folder belongs",
  ELOOP: "it is a symlink; fix: replace the symlink with a regular file (or remove it)",
  EEXIST: "something else is in the way; fix: remove it",
};

/** A path as the user knows it: relative to the project folder when inside it. */
export function shownPath(dir: string, file: string): string {
  const rel = relative(dir, file);
  return rel !== "" && !rel.startsWith("..") ? rel : file;
}

/**
 * A file-system error as one line naming the path and a fix (exit 2 in the CLI); anything
 * that is not an errno error is passed through untouched.
 */
export function fileError(
  error: unknown,
  dir: string,
  file: string,
  verb: "write" | "read" = "write",
): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || error instanceof ManagerError) return error;
  const why = FIXES[code] ?? `${code}; fix: check the path and its folder`;
  return new ManagerError(
    ManagerErrorCode.FileUnusable,
    `cannot ${verb} ${shownPath(dir, file)}: ${why}`,
    { cause: error },
  );
}
