import fs from "node:fs";
import path from "node:path";
import { formatPath, VerifyLogEntrySchema, type VerifyLogEntry } from "@agent-verify/contract";
import { createRedactor } from "@agent-verify/contract/redact";
import { fileError } from "../trust/file-errors.js";
import { defaultFiles, type FileLayer } from "../trust/file-layer.js";
import { signingKey } from "../trust/key.js";
import { openNoFollow, refuseSymlinks } from "../trust/safe-path.js";
import { checkJson, signJson } from "../trust/sign.js";

/** The append-only log of verification attempts (contract 7), relative to the project folder. */
export const LOG_FILE = ".verify/log.jsonl";

export interface LogProblem {
  /** 1-based line number in the log file. */
  line: number;
  message: string;
  /** Valid, but not signed with this user's key: written by someone else (or before signing). */
  foreign?: true;
}

export interface LogRead {
  entries: VerifyLogEntry[];
  problems: LogProblem[];
}

export interface TicketAttempt {
  ticket: string;
  attempt: number;
}

export function logPath(dir: string): string {
  return path.join(dir, LOG_FILE);
}

/** A fragment left by a writer killed mid-line leaves the file without its final newline. */
function endsWithTornLine(fd: number): boolean {
  const { size } = fs.fstatSync(fd);
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  fs.readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

function writeAll(files: FileLayer, fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) {
    written += files.writeSync(fd, buffer, written, buffer.length - written);
  }
}

export interface LogWriteOptions {
  /** The signing key; this user's (made on first use) when absent. */
  key?: Buffer | undefined;
  /** Tests make writes fail here (a full disk). */
  files?: FileLayer | undefined;
}

/** The user's key for this project's log, from the process environment unless given. */
function writerKey(dir: string, key: Buffer | undefined): Buffer {
  return key ?? (signingKey({ env: process.env, dir, create: true }) as Buffer);
}

/**
 * Append one validated, signed entry as one line. One `write` on an O_APPEND file keeps
 * lines from concurrent writers whole; the file is fsynced before returning. Throws if the
 * entry fails the schema, before touching the disk. Every string passes the shared
 * redaction first: a later comment built from the log (a resumed attempt, an escalation's
 * history) cannot replay a secret. A symlink on the way is refused; a failed write (a full
 * disk) is cut back off, so the file keeps its bytes, and reported in one line.
 */
export function appendLogEntry(
  dir: string,
  entry: VerifyLogEntry,
  options: LogWriteOptions = {},
): void {
  const clean = createRedactor().deep(VerifyLogEntrySchema.parse(entry));
  const key = writerKey(dir, options.key);
  const line = `${signJson(key, "log", JSON.stringify(clean))}\n`;
  const files = options.files ?? defaultFiles;
  const file = logPath(dir);
  refuseSymlinks(dir, file);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw fileError(error, dir, path.dirname(file));
  }
  // O_RDWR|O_APPEND: appends like "a", and lets us read the last byte through the same descriptor.
  const flags = fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT;
  const fd = openNoFollow(dir, file, flags);
  let size = -1;
  try {
    size = fs.fstatSync(fd).size;
    const prefix = endsWithTornLine(fd) ? "\n" : "";
    writeAll(files, fd, Buffer.from(prefix + line, "utf8"));
    files.fsyncSync(fd);
  } catch (error) {
    if (size >= 0) cutBack(fd, size);
    throw fileError(error, dir, file);
  } finally {
    fs.closeSync(fd);
  }
}

/** Undo a partial append (ENOSPC after some bytes): the log keeps the bytes it had. */
function cutBack(fd: number, size: number): void {
  try {
    if (fs.fstatSync(fd).size > size) fs.ftruncateSync(fd, size);
  } catch {
    // Nothing more can be done; the reader skips a torn line.
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function parseLine(text: string): { entry: VerifyLogEntry } | { error: string; isJson: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: oneLine((error as Error).message), isJson: false };
  }
  const parsed = VerifyLogEntrySchema.safeParse(value);
  if (parsed.success) return { entry: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue ? formatPath(issue.path) || "(entry)" : "(entry)";
  return { error: oneLine(`${where}: ${issue?.message ?? "invalid entry"}`), isJson: true };
}

export interface LogReadOptions {
  /** The key lines must be signed with; this user's when absent (null: there is none yet). */
  key?: Buffer | null | undefined;
}

/**
 * Read every valid entry signed with this user's key; bad lines and foreign ones (valid but
 * unsigned or signed otherwise) are skipped and reported, never thrown. A missing log is
 * empty; one that cannot be read (a directory) is one line naming it.
 */
export function readLog(dir: string, options: LogReadOptions = {}): LogRead {
  const key =
    options.key === undefined ? signingKey({ env: process.env, dir, create: false }) : options.key;
  let text: string;
  try {
    text = fs.readFileSync(logPath(dir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], problems: [] };
    throw fileError(error, dir, logPath(dir), "read");
  }
  const lines = text.split("\n");
  const isTerminated = lines.at(-1) === "";
  if (isTerminated) lines.pop();
  const entries: VerifyLogEntry[] = [];
  const problems: LogProblem[] = [];
  for (const [index, raw] of lines.entries()) {
    // A blank line is what the torn-line guard leaves when its check raced a writer: no data lost.
    if (raw.trim() === "") continue;
    const line = index + 1;
    const checked = checkJson(key, "log", raw);
    const result = parseLine(checked.json);
    if ("entry" in result && !checked.signed) {
      problems.push({ line, message: "not signed by this manager", foreign: true });
    } else if ("entry" in result) {
      entries.push(result.entry);
    } else if (!isTerminated && index === lines.length - 1 && !result.isJson) {
      problems.push({ line, message: "torn last line (killed mid-write?)" });
    } else {
      problems.push({ line, message: result.error });
    }
  }
  return { entries, problems };
}

/** `<file>:<line>: <message>`, one per problem; foreign lines, however many, in one line. */
export function formatLogProblems(file: string, problems: readonly LogProblem[]): string[] {
  const foreign = problems.filter((problem) => problem.foreign);
  const lines = problems
    .filter((problem) => !problem.foreign)
    .map((problem) => `${file}:${problem.line}: ${problem.message}`);
  const first = foreign[0];
  if (first === undefined) return lines;
  const count = foreign.length === 1 ? "1 line is" : `${foreign.length} lines are`;
  return [
    ...lines,
    `${file}: ${count} not signed by this manager (first: line ${first.line}): foreign, written by someone else or before log lines were signed, so never used for a verdict, a resume or the retry budget`,
  ];
}

/** Every (ticket, attempt) pair that appears more than once, each reported once, in log order. */
export function duplicateAttempts(entries: readonly VerifyLogEntry[]): TicketAttempt[] {
  const seen = new Set<string>();
  const reported = new Set<string>();
  const duplicates: TicketAttempt[] = [];
  for (const { ticket, attempt } of entries) {
    const key = JSON.stringify([ticket, attempt]);
    if (seen.has(key) && !reported.has(key)) {
      reported.add(key);
      duplicates.push({ ticket, attempt });
    }
    seen.add(key);
  }
  return duplicates;
}

/** One ticket's entries by attempt; of a duplicated attempt the first in the log is kept. */
export function ticketHistory(
  entries: readonly VerifyLogEntry[],
  ticket: string,
): VerifyLogEntry[] {
  const byAttempt = new Map<number, VerifyLogEntry>();
  for (const entry of entries) {
    if (entry.ticket === ticket && !byAttempt.has(entry.attempt)) {
      byAttempt.set(entry.attempt, entry);
    }
  }
  return [...byAttempt.values()].sort((a, b) => a.attempt - b.attempt);
}
