import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LoopStatusSchema, type LoopStatus } from "@agent-verify/contract";
import { expect } from "vitest";
import { STATUS_FILE } from "../../src/ticket/batch/loop-status-file.js";
import { duplicateAttempts, LOG_FILE, readLog } from "../../src/ticket/record/verify-log.js";

/** The status file of `verify-manager issues`, if any: always whole JSON matching the schema. */
export function readStatus(dir: string): LoopStatus | null {
  let text: string;
  try {
    text = readFileSync(join(dir, STATUS_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return LoopStatusSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(`${STATUS_FILE} is not a valid status: ${String(error)}\n${text}`, {
      cause: error,
    });
  }
}

/** The log parses; a line torn by a kill (not JSON) is the only problem allowed; no duplicates. */
export function readCheckedLog(dir: string) {
  const log = readLog(dir);
  const lines = existsSync(join(dir, LOG_FILE))
    ? readFileSync(join(dir, LOG_FILE), "utf8").split("\n")
    : [];
  for (const problem of log.problems) {
    const raw = lines[problem.line - 1] ?? "";
    let isJson = true;
    try {
      JSON.parse(raw);
    } catch {
      isJson = false;
    }
    if (isJson) throw new Error(`${LOG_FILE}:${problem.line}: ${problem.message}`);
  }
  expect(duplicateAttempts(log.entries)).toEqual([]);
  return log;
}
