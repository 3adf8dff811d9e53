import fs from "node:fs";
import path from "node:path";
import { formatPath, VerifyLogEntrySchema, type VerifyLogEntry } from "@agent-verify/contract";
import { createRedactor } from "@agent-verify/contract/redact";

/** The append-only log of verification attempts (contract 7), relative to the project folder. */
export const LOG_FILE = ".verify/log.jsonl";

export interface LogProblem {
  /** 1-based line number in the log file. */
  line: number;
  message: string;
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

function writeAll(fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) {
    written += fs.writeSync(fd, buffer, written, buffer.length - written);
  }
}

/**
 * Append one validated entry as one line. One `write` on an O_APPEND file keeps lines from
 * concurrent writers whole; the file is fsynced before returning. Throws if the entry fails
 * the schema, before touching the disk. Every string passes the shared redaction first: a
 * later comment built from the log (a resumed attempt, an escalation's history) cannot
 * replay a secret.
 */
export function appendLogEntry(dir: string, entry: VerifyLogEntry): void {
  const clean = createRedactor().deep(VerifyLogEntrySchema.parse(entry));
  const line = `${JSON.stringify(clean)}\n`;
  const file = logPath(dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // "a+" is O_APPEND like "a", and also lets us read the last byte through the same descriptor.
  const fd = fs.openSync(file, "a+");
  try {
    const prefix = endsWithTornLine(fd) ? "\n" : "";
    writeAll(fd, Buffer.from(prefix + line, "utf8"));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
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

/** Read every valid entry; bad lines are skipped and reported, never thrown. A missing log is empty. */
export function readLog(dir: string): LogRead {
  let text: string;
  try {
    text = fs.readFileSync(logPath(dir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], problems: [] };
    throw error;
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
    const result = parseLine(raw);
    if ("entry" in result) {
      entries.push(result.entry);
    } else if (!isTerminated && index === lines.length - 1 && !result.isJson) {
      problems.push({ line, message: "torn last line (killed mid-write?)" });
    } else {
      problems.push({ line, message: result.error });
    }
  }
  return { entries, problems };
}

/** `<file>:<line>: <message>`, one per problem. */
export function formatLogProblems(file: string, problems: readonly LogProblem[]): string[] {
  return problems.map((problem) => `${file}:${problem.line}: ${problem.message}`);
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
