import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SessionRecord } from "@agent-verify/contract";
import { LOOP_DIR } from "./loop-file.js";

/** The session of the latest SessionStart / UserPromptSubmit in this repository. */
export const SESSION_RECORD = join(LOOP_DIR, "current-session.json");

/** Written by the SessionStart / UserPromptSubmit hook: the last prompt's session wins. */
export async function recordSession(root: string, record: SessionRecord): Promise<void> {
  const path = join(root, SESSION_RECORD);
  await mkdir(join(root, LOOP_DIR), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temp, path);
}

export async function readSessionRecord(root: string): Promise<SessionRecord | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(root, SESSION_RECORD), "utf8"));
  } catch {
    return undefined;
  }
  const { SessionRecordSchema } = await import("@agent-verify/contract");
  const parsed = SessionRecordSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
