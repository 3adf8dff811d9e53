import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AgentLoop } from "@agent-verify/contract";

/** The loop file, under the repository's `.verify/` (never part of the change). */
export const LOOP_FILE = join(".verify", "agent-loop.json");
export const DEFAULT_MAX_ITERATIONS = 5;

export const loopPath = (root: string) => join(root, LOOP_FILE);

export type LoopRead =
  { kind: "absent" } | { kind: "invalid"; why: string } | { kind: "loop"; loop: AgentLoop };

export async function readLoop(root: string): Promise<LoopRead> {
  let text: string;
  try {
    text = await readFile(loopPath(root), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "invalid", why: `${LOOP_FILE} is unreadable` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "invalid", why: `${LOOP_FILE} is not JSON` };
  }
  const { AgentLoopSchema } = await import("@agent-verify/contract");
  const parsed = AgentLoopSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "invalid",
      why: `${LOOP_FILE}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    };
  }
  return { kind: "loop", loop: parsed.data };
}

/** Whole or not at all: a temp file renamed over the loop file. */
export async function writeLoop(root: string, loop: AgentLoop): Promise<void> {
  const path = loopPath(root);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, `${JSON.stringify(loop, null, 2)}\n`);
  await rename(temp, path);
}

export async function removeLoop(root: string): Promise<boolean> {
  const read = await readLoop(root);
  await rm(loopPath(root), { force: true });
  return read.kind !== "absent";
}
