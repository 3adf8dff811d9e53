import { join } from "node:path";
import type { SessionRecord } from "@agent-verify/contract";
import { LOOP_DIR } from "./loop-file.js";
import { appendSigned, readSignedLines, type SignedStore } from "../state/signed-store.js";

/** The latest SessionStart / UserPromptSubmit records of a repository, signed, in its state folder. */
export const SESSION_RECORDS = join(LOOP_DIR, "sessions.jsonl");
const KEEP = 50;

/** `/verify-loop`, as typed (Claude Code hands hooks the prompt as the user wrote it). */
export const isVerifyLoopPrompt = (prompt: unknown) =>
  typeof prompt === "string" && /^\s*\/verify-loop(\s|$)/.test(prompt);

/** Written by the SessionStart / UserPromptSubmit hook. */
export const recordSession = (store: SignedStore, record: SessionRecord) =>
  appendSigned(store, SESSION_RECORDS, record);

/** The records that verify, oldest first. */
export async function readSessionRecords(store: SignedStore): Promise<SessionRecord[]> {
  const { SessionRecordSchema } = await import("@agent-verify/contract/agent-loop");
  const records: SessionRecord[] = [];
  for (const body of await readSignedLines(store, SESSION_RECORDS, KEEP)) {
    const parsed = SessionRecordSchema.safeParse(body);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}

/**
 * The session a `loop start` without a session id arms, or why none can be: the latest record
 * must be a `/verify-loop` prompt (else another session's event landed since, or the command
 * was not typed as `/verify-loop`), and no other session's `/verify-loop` may wait unarmed
 * since the last `loop start` (two sessions typed it: which one runs this is unknowable).
 */
export function promptingSession(
  records: readonly SessionRecord[],
  armedSince: (session: string, at: string) => boolean,
): { session: string } | { refused: string } {
  const last = records.at(-1);
  if (!last) return { refused: "no session recorded by the hooks" };
  if (!last.verify_loop_prompt)
    return {
      refused: `the latest hook record is session ${last.session_id}'s ${last.event}, not a /verify-loop prompt`,
    };
  const waiting = new Set(
    records
      .filter((r) => r.verify_loop_prompt && !armedSince(r.session_id, r.recorded_at))
      .map((r) => r.session_id),
  );
  waiting.add(last.session_id);
  if (waiting.size > 1)
    return {
      refused: `sessions ${[...waiting].join(", ")} each typed /verify-loop and none is armed yet`,
    };
  return { session: last.session_id };
}
