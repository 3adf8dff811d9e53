import { resolve } from "node:path";
import type { AgentLoop } from "@agent-verify/contract";
import { repoRoot } from "../diff/git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { DEFAULT_MAX_ITERATIONS, LOOP_FILE, readLoop, removeLoop, writeLoop } from "./loop-file.js";

export interface LoopStartOptions {
  cwd: string;
  session: string;
  maxIterations?: number;
  base?: string;
  taskFile?: string;
  now?: Date;
}

/** `verify-gates loop start`: arm the Stop hook for one session (iteration 0). */
export async function startLoop(
  options: LoopStartOptions,
): Promise<{ loop: AgentLoop; replaced: string | undefined }> {
  const { SESSION_ID_PATTERN } = await import("@agent-verify/contract");
  if (!SESSION_ID_PATTERN.test(options.session))
    throw new GatesError(
      GatesErrorCode.Usage,
      `--session: '${options.session}' is not a session id (letters, digits, . _ : -)`,
    );
  const root = await repoRoot(options.cwd);
  const before = await readLoop(root);
  const now = (options.now ?? new Date()).toISOString();
  const loop: AgentLoop = {
    schema_version: 1,
    session_id: options.session,
    iteration: 0,
    max_iterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    started_at: now,
    updated_at: now,
    ...(options.base ? { base: options.base } : {}),
    ...(options.taskFile ? { task_file: resolve(options.cwd, options.taskFile) } : {}),
  };
  await writeLoop(root, loop);
  const replaced =
    before.kind === "loop" && before.loop.session_id !== options.session
      ? before.loop.session_id
      : undefined;
  return { loop, replaced };
}

/** `verify-gates loop stop`: disarm; true when there was a loop file. */
export async function stopLoop(cwd: string): Promise<boolean> {
  return removeLoop(await repoRoot(cwd));
}

export async function loopStatus(cwd: string): Promise<AgentLoop | undefined> {
  const read = await readLoop(await repoRoot(cwd));
  if (read.kind === "invalid")
    throw new GatesError(GatesErrorCode.ConfigInvalid, read.why, {
      hint: `verify-gates loop stop removes ${LOOP_FILE}`,
    });
  return read.kind === "loop" ? read.loop : undefined;
}
