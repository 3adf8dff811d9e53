import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { redact } from "@agent-verify/contract/redact";

export const ESCALATIONS_DIR = ".verify/escalations";

/** Write `.verify/escalations/<id>.md` (redacted) whole or not at all (temp file, fsync, rename). */
export function writeEscalationFile(dir: string, ticket: string, text: string): string {
  const folder = join(dir, ESCALATIONS_DIR);
  mkdirSync(folder, { recursive: true });
  const target = join(folder, `${ticket}.md`);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, "w");
    try {
      writeSync(fd, redact(text));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return target;
}
