import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { formatPath, LoopStatusSchema, type LoopStatus } from "@agent-verify/contract";
import { createRedactor } from "@agent-verify/contract/redact";
import { fileError } from "../trust/file-errors.js";
import { defaultFiles, type FileLayer } from "../trust/file-layer.js";
import { signingKey } from "../trust/key.js";
import { openNoFollow, refuseSymlinks } from "../trust/safe-path.js";
import { checkJson, signJson } from "../trust/sign.js";

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

/** A valid status file not signed with this user's key: someone else wrote it; start anew. */
export class ForeignLoopFileError extends LoopFileError {}

export function statusPath(dir: string): string {
  return path.join(dir, STATUS_FILE);
}

function writeSynced(dir: string, file: string, data: string, files: FileLayer): void {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL;
  const fd = openNoFollow(dir, file, flags);
  try {
    const buffer = Buffer.from(data, "utf8");
    let written = 0;
    while (written < buffer.length) {
      written += files.writeSync(fd, buffer, written, buffer.length - written);
    }
    files.fsyncSync(fd);
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
export interface StatusWriteOptions {
  /** The signing key; this user's (made on first use) when absent. */
  key?: Buffer | undefined;
  /** Tests make writes fail here (a full disk). */
  files?: FileLayer | undefined;
}

export function writeLoopStatus(
  dir: string,
  status: LoopStatus,
  options: StatusWriteOptions = {},
): void {
  const clean = createRedactor().deep(LoopStatusSchema.parse(status));
  const key = options.key ?? (signingKey({ env: process.env, dir, create: true }) as Buffer);
  const data = `${signJson(key, "status", JSON.stringify(clean, null, 2), true)}\n`;
  const target = statusPath(dir);
  const folder = path.dirname(target);
  refuseSymlinks(dir, target);
  const suffix = `${process.pid}.${randomBytes(6).toString("hex")}`;
  const temp = path.join(folder, `${path.basename(target)}.${suffix}.tmp`);
  try {
    fs.mkdirSync(folder, { recursive: true });
    writeSynced(dir, temp, data, options.files ?? defaultFiles);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw fileError(error, dir, target);
  }
  syncFolder(folder);
}

/**
 * The current status, or null when there is none; an unusable file throws LoopFileError, a
 * valid one not signed with this user's key ForeignLoopFileError.
 */
export function readLoopStatus(
  dir: string,
  options: { key?: Buffer | null | undefined } = {},
): LoopStatus | null {
  const key =
    options.key === undefined ? signingKey({ env: process.env, dir, create: false }) : options.key;
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
  const checked = checkJson(key, "status", text, true);
  let value: unknown;
  try {
    value = JSON.parse(checked.json);
  } catch (error) {
    throw fail(`not JSON (${(error as Error).message})`, error);
  }
  const parsed = LoopStatusSchema.safeParse(value);
  if (parsed.success && checked.signed) return parsed.data;
  if (parsed.success) {
    const why =
      "not signed by this manager (foreign: written by someone else, or before status files were signed)";
    throw new ForeignLoopFileError(file, `${STATUS_FILE}: ${why}`);
  }
  const issue = parsed.error.issues[0];
  const where = issue ? formatPath(issue.path) || "(document)" : "(document)";
  throw fail(`${where}: ${issue?.message ?? "does not match the loop status schema"}`);
}
