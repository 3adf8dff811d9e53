import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { stateDir } from "@agent-verify/contract/state-dir";

/** The key that signs `.verify/log.jsonl` and `.verify/loop-status.json`, in the state folder. */
export const KEY_FILE = "log-key";
const KEY_TEXT = /^[0-9a-f]{64}\n?$/;

const cache = new Map<string, Buffer>();

function unusable(folder: string, why: string, cause?: unknown): ManagerError {
  return new ManagerError(
    ManagerErrorCode.StateDirUnusable,
    `cannot use the state folder ${folder} (it holds the key that signs the verify log): ${why}; fix: make it writable, or set VERIFY_STATE_DIR to a private folder outside the repo`,
    { cause },
  );
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** A key the verified worker could read signs nothing: the state folder must be outside the repo. */
function refuseInside(folder: string, dir: string): void {
  const rel = relative(real(dir), real(folder));
  if (rel === "" || !rel.startsWith("..")) {
    throw unusable(
      folder,
      "it is inside the project folder, where the verified worker can read the key",
    );
  }
}

function readKey(folder: string, file: string): Buffer | null {
  let text: string;
  try {
    if (!lstatSync(file).isFile()) throw unusable(folder, `${KEY_FILE} is not a regular file`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof ManagerError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw unusable(
      folder,
      `${KEY_FILE}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
      error,
    );
  }
  if (!KEY_TEXT.test(text)) throw unusable(folder, `${KEY_FILE} is not a key (64 hex digits)`);
  return Buffer.from(text.trim(), "hex");
}

/** Make the folder (0700) and the key file (0600) whole: a temp file hard-linked into place. */
function createKey(folder: string, file: string): void {
  try {
    const made = mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (made === undefined && !lstatSync(folder).isDirectory())
      throw unusable(folder, "not a folder");
    const temp = join(folder, `${KEY_FILE}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
    } catch (error) {
      // Another manager made it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  } catch (error) {
    if (error instanceof ManagerError) throw error;
    throw unusable(folder, (error as NodeJS.ErrnoException).code ?? String(error), error);
  }
}

export interface KeyOptions {
  env: NodeJS.ProcessEnv;
  /** The project folder: the state folder must not be inside it. */
  dir: string;
  /** Make the key when there is none (writers); readers get null instead. */
  create: boolean;
}

/** This user's signing key, made on first use; null when there is none and `create` is false. */
export function signingKey(options: KeyOptions): Buffer | null {
  const folder = stateDir(options.env);
  refuseInside(folder, options.dir);
  const cached = cache.get(folder);
  if (cached) return cached;
  const file = join(folder, KEY_FILE);
  let key = readKey(folder, file);
  if (key === null && options.create) {
    createKey(folder, file);
    key = readKey(folder, file);
  }
  if (key !== null) cache.set(folder, key);
  return key;
}
