import { createHash } from "node:crypto";
import { appendFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { AgentLoop, AgentLoopLogEntry } from "@agent-verify/contract";
import { appendSigned, readSigned, writeSigned, type SignedStore } from "../state/signed-store.js";

/** The loops' folder in the repository's state folder (never in the working tree). */
export const LOOP_DIR = "loops";
/** What the hook decided on each gated stop, one JSON line each: a visible copy in the tree. */
export const LOOP_LOG = join(".verify", "agent-loop.log.jsonl");
/** The same lines, signed, in the state folder: the record the manager and `loop status` trust. */
export const SIGNED_LOOP_LOG = join(LOOP_DIR, "log.jsonl");
export const DEFAULT_MAX_ITERATIONS = 5;

/** A loop's owner: a session, and within it a subagent (`agent` undefined = the main agent). */
export interface LoopKey {
  session: string;
  agent?: string | undefined;
}

// Ids become file names: kept as they are when they are plain, else hashed.
const PLAIN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const part = (id: string) =>
  PLAIN.test(id) ? id : `h-${createHash("sha256").update(id).digest("hex").slice(0, 32)}`;

/** `s.<session>.json`, a subagent's `s.<session>@<agent>.json`; the `s.` keeps other files apart. */
export function loopFileName(key: LoopKey): string {
  return `s.${part(key.session)}${key.agent === undefined ? "" : `@${part(key.agent)}`}.json`;
}

const loopPath = (key: LoopKey) => join(LOOP_DIR, loopFileName(key));

export type LoopRead =
  { kind: "absent" } | { kind: "invalid"; why: string } | { kind: "loop"; loop: AgentLoop };

async function parseLoop(store: SignedStore, path: string): Promise<LoopRead> {
  const read = await readSigned(store, path);
  if (read.kind === "absent") return read;
  const shown = join(store.dir, path);
  if (read.kind === "forged") return { kind: "invalid", why: `${shown}: ${read.why}` };
  const { AgentLoopSchema } = await import("@agent-verify/contract/agent-loop");
  const parsed = AgentLoopSchema.safeParse(read.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "invalid",
      why: `${shown}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    };
  }
  return { kind: "loop", loop: parsed.data };
}

/** The loop of one session (or one of its subagents). */
export const readLoop = (store: SignedStore, key: LoopKey) => parseLoop(store, loopPath(key));

/** Every loop of the repository, ended ones included (subagents' too), for `loop status`. */
export async function listLoops(store: SignedStore): Promise<AgentLoop[]> {
  const names = await readdir(join(store.dir, LOOP_DIR)).catch(() => [] as string[]);
  const loops: AgentLoop[] = [];
  for (const name of names.filter((n) => n.startsWith("s.") && n.endsWith(".json")).sort()) {
    const read = await parseLoop(store, join(LOOP_DIR, name));
    if (read.kind === "loop") loops.push(read.loop);
  }
  return loops;
}

const keyOf = (loop: AgentLoop): LoopKey => ({ session: loop.session_id, agent: loop.agent_id });

/** Whole or not at all, signed. */
export const writeLoop = (store: SignedStore, loop: AgentLoop) =>
  writeSigned(store, loopPath(keyOf(loop)), loop);

export const isActive = (loop: AgentLoop) => (loop.state ?? "active") === "active";

/**
 * One line per loop event: signed in the state folder, and a visible copy in the tree's
 * `.verify/` (never read back). An append is one write: a kill leaves at most a torn last line.
 */
export async function appendLoopLog(
  store: SignedStore,
  root: string | undefined,
  entry: AgentLoopLogEntry,
): Promise<void> {
  await appendSigned(store, SIGNED_LOOP_LOG, entry);
  if (root === undefined) return;
  await mkdir(join(root, ".verify"), { recursive: true });
  await appendFile(join(root, LOOP_LOG), `${JSON.stringify(entry)}\n`);
}
