import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { formatPath, LoopStatusSchema, type LoopStatus } from "@agent-verify/contract";
import { createRedactor } from "@agent-verify/contract/redact";

/** Where a `verify-manager issues` batch stands, relative to the project folder. */
export const STATUS_FILE = ".verify/loop-status.json";

/** The status file exists but cannot be used; `message` is one line starting with STATUS_FILE. */
export class LoopFileError extends Error {
  override readonly name = "LoopFileError";
  /** Full path of the file. */
  readonly file: string;

  constructor(file: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.file = file;
  }
}

export function statusPath(dir: string): string {
  return path.join(dir, STATUS_FILE);
}

function writeSynced(file: string, data: string): void {
  const fd = fs.openSync(file, "wx");
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Make the rename durable; some platforms refuse to fsync a directory, which is fine. */
function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = fs.openSync(folder, "r");
  } catch (error) {
    if (isRefusedFolderSync(error)) return;
    throw error;
  }
  try {
    fs.fsyncSync(fd);
  } catch (error) {
    if (!isRefusedFolderSync(error)) throw error;
  } finally {
    fs.closeSync(fd);
  }
}

function isRefusedFolderSync(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EISDIR" || code === "EINVAL" || code === "EPERM";
}

/**
 * Validate, redact every string (a blocked ticket's reason can quote bd or a runner), then
 * replace the file atomically: readers see the old or the new status, never a mix.
 */
export function writeLoopStatus(dir: string, status: LoopStatus): void {
  const clean = createRedactor().deep(LoopStatusSchema.parse(status));
  const data = `${JSON.stringify(clean, null, 2)}\n`;
  const target = statusPath(dir);
  const folder = path.dirname(target);
  fs.mkdirSync(folder, { recursive: true });
  const suffix = `${process.pid}.${randomBytes(6).toString("hex")}`;
  const temp = path.join(folder, `${path.basename(target)}.${suffix}.tmp`);
  try {
    writeSynced(temp, data);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(folder);
}

/** The current status, or null when there is none; an unusable file throws LoopFileError. */
export function readLoopStatus(dir: string): LoopStatus | null {
  const file = statusPath(dir);
  const fail = (what: string, cause?: unknown) =>
    new LoopFileError(file, `${STATUS_FILE}: ${what.replace(/\s*\n\s*/g, " ")}`, { cause });
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw fail(`cannot be read (${code ?? (error as Error).message})`, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fail(`not JSON (${(error as Error).message})`, error);
  }
  const parsed = LoopStatusSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? formatPath(issue.path) || "(document)" : "(document)";
  throw fail(`${where}: ${issue?.message ?? "does not match the loop status schema"}`);
}
