import { createHash, randomBytes } from "node:crypto";
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AgentLoop, AgentLoopLogEntry } from "@agent-verify/contract";

/** The loops' folder, under the repository's `.verify/` (never part of the change). */
export const LOOP_DIR = join(".verify", "agent-loops");
/** Where one loop file lived before loops were per session; still read, and moved on first use. */
export const LEGACY_LOOP_FILE = join(".verify", "agent-loop.json");
/** What the hook decided on each gated stop, one JSON line each. */
export const LOOP_LOG = join(".verify", "agent-loop.log.jsonl");
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

export const loopPath = (root: string, key: LoopKey) => join(root, LOOP_DIR, loopFileName(key));

export type LoopRead =
  { kind: "absent" } | { kind: "invalid"; why: string } | { kind: "loop"; loop: AgentLoop };

async function parseLoop(path: string, shown: string): Promise<LoopRead> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "invalid", why: `${shown} is unreadable` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "invalid", why: `${shown} is not JSON` };
  }
  const { AgentLoopSchema } = await import("@agent-verify/contract");
  const parsed = AgentLoopSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "invalid",
      why: `${shown}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    };
  }
  return { kind: "loop", loop: parsed.data };
}

/** The loop of one session (or one of its subagents); a legacy single loop file of that session is moved here. */
export async function readLoop(root: string, key: LoopKey): Promise<LoopRead> {
  const shown = join(LOOP_DIR, loopFileName(key));
  const read = await parseLoop(loopPath(root, key), shown);
  if (read.kind !== "absent" || key.agent !== undefined) return read;
  const legacy = await parseLoop(join(root, LEGACY_LOOP_FILE), LEGACY_LOOP_FILE);
  if (legacy.kind !== "loop" || legacy.loop.session_id !== key.session) return read;
  await writeLoop(root, legacy.loop);
  await rm(join(root, LEGACY_LOOP_FILE), { force: true });
  return legacy;
}

/** Every loop file in the repository (subagents' included), for `loop status`. */
export async function listLoops(root: string): Promise<AgentLoop[]> {
  const names = await readdir(join(root, LOOP_DIR)).catch(() => [] as string[]);
  const loops: AgentLoop[] = [];
  for (const name of names.filter((n) => n.startsWith("s.") && n.endsWith(".json")).sort()) {
    const read = await parseLoop(join(root, LOOP_DIR, name), join(LOOP_DIR, name));
    if (read.kind === "loop") loops.push(read.loop);
  }
  const legacy = await parseLoop(join(root, LEGACY_LOOP_FILE), LEGACY_LOOP_FILE);
  if (legacy.kind === "loop" && !loops.some((l) => l.session_id === legacy.loop.session_id))
    loops.push(legacy.loop);
  return loops;
}

const keyOf = (loop: AgentLoop): LoopKey => ({ session: loop.session_id, agent: loop.agent_id });

/** Whole or not at all: a temp file renamed over the loop file. */
export async function writeLoop(root: string, loop: AgentLoop): Promise<void> {
  const path = loopPath(root, keyOf(loop));
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, `${JSON.stringify(loop, null, 2)}\n`);
  await rename(temp, path);
}

/** Remove one loop file; true when there was one. */
export async function removeLoop(root: string, key: LoopKey): Promise<boolean> {
  const read = await readLoop(root, key);
  await rm(loopPath(root, key), { force: true });
  return read.kind !== "absent";
}

/** One line per gated stop; an append is one write, so a kill leaves at most a torn last line. */
export async function appendLoopLog(root: string, entry: AgentLoopLogEntry): Promise<void> {
  await mkdir(join(root, ".verify"), { recursive: true });
  await appendFile(join(root, LOOP_LOG), `${JSON.stringify(entry)}\n`);
}
