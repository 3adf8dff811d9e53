import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { acquireLockFile, type Lock } from "../trust/lock-file.js";
import { fileError } from "../trust/file-errors.js";
import { refuseSymlinks } from "../trust/safe-path.js";

export const LOCK_FILE = ".verify/loop.lock";

/** One `verify-manager issues` per project at a time (see acquireLockFile). */
export function acquireBatchLock(dir: string): Lock {
  const file = join(dir, LOCK_FILE);
  refuseSymlinks(dir, file);
  try {
    mkdirSync(dirname(file), { recursive: true });
    return acquireLockFile(file);
  } catch (error) {
    throw fileError(error, dir, file);
  }
}
