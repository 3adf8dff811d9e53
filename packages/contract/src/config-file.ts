// Zod-free: `@agent-verify/contract/config-file`, for tools on a hot start-up path.
// A config file is read only when it is a regular file of at most MAX_CONFIG_BYTES:
// a symlink to /dev/zero, a FIFO or a 10 MB manifest is refused on one line before
// anything is parsed (reading /dev/zero to its end would grow memory without bound).
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { ConfigError, ContractErrorCode } from "./errors.js";

export const MAX_CONFIG_BYTES = 1024 * 1024;

function unreadable(file: string, detail: string, cause?: unknown): ConfigError {
  return new ConfigError(ContractErrorCode.ManifestUnreadable, detail, { file, cause });
}

/** "EACCES: permission denied" from Node's "EACCES: permission denied, open '/x'". */
function reason(error: unknown): string {
  return ((error as Error).message ?? String(error)).split(", ")[0] ?? "unknown error";
}

/** The file's text; ConfigError `manifest_missing` when absent, `manifest_unreadable` otherwise. */
export function readConfigText(file: string, maxBytes = MAX_CONFIG_BYTES): string {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new ConfigError(ContractErrorCode.ManifestMissing, "file not found", {
        file,
        cause: error,
      });
    }
    throw unreadable(file, `cannot read: ${reason(error)}`, error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw unreadable(file, "not a regular file");
    if (stat.size > maxBytes) {
      throw unreadable(file, `larger than ${maxBytes} bytes (${stat.size}): split or trim it`);
    }
    // Sized by the file, read up to one byte past the limit: a file that grows while we read
    // is still refused (a 1 MiB buffer filled with zeros cost a quiet `--list` a millisecond).
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw unreadable(file, `larger than ${maxBytes} bytes`);
    }
    return buffer.toString("utf8", 0, length);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw unreadable(file, `cannot read: ${reason(error)}`, error);
  } finally {
    closeSync(fd);
  }
}

/** YAML allows tab, LF and CR of the C0 controls; a NUL or another control is not text. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

function firstControl(text: string): number {
  for (let index = 0; index < text.length; index++) {
    if (isControl(text.charCodeAt(index))) return index;
  }
  return -1;
}

/** The first control character YAML does not allow, as one line naming where it is. */
export function controlCharacterProblem(text: string): { line: number; detail: string } | null {
  const index = firstControl(text);
  if (index < 0) return null;
  const before = text.slice(0, index);
  const line = before.split("\n").length;
  const column = index - before.lastIndexOf("\n");
  const code = text.charCodeAt(index);
  const what =
    code === 0
      ? "a NUL byte"
      : `a control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return { line, detail: `${what} (column ${column})` };
}
