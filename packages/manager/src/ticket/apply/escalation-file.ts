import { randomBytes } from "node:crypto";
import { closeSync, constants, fsyncSync, mkdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { redact } from "@agent-verify/contract/redact";
import { fileError } from "../trust/file-errors.js";
import { openNoFollow, refuseSymlinks } from "../trust/safe-path.js";

export const ESCALATIONS_DIR = ".verify/escalations";

/**
 * Write `.verify/escalations/<id>.md` (redacted) whole or not at all (temp file, fsync,
 * rename). The temp file has an unguessable name and is created exclusively, never through
 * a symlink; a symlinked folder on the way is refused.
 */
export function writeEscalationFile(dir: string, ticket: string, text: string): string {
  const folder = join(dir, ESCALATIONS_DIR);
  const target = join(folder, `${ticket}.md`);
  refuseSymlinks(dir, target);
  const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    const fd = openNoFollow(dir, temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
    try {
      writeSync(fd, redact(text));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw fileError(error, dir, target);
  }
  return target;
}
