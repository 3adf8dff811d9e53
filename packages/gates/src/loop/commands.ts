import { resolve } from "node:path";
import type { AgentLoop } from "@agent-verify/contract";
import { repoRoot } from "../diff/git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import {
  DEFAULT_MAX_ITERATIONS,
  listLoops,
  LOOP_DIR,
  loopFileName,
  readLoop,
  removeLoop,
  writeLoop,
} from "./loop-file.js";
import { loopRoots } from "./roots.js";
import { readSessionRecord, SESSION_RECORD } from "./session-record.js";

export interface LoopStartOptions {
  cwd: string;
  /** Default: the session the SessionStart / UserPromptSubmit hook recorded last. */
  session?: string;
  maxIterations?: number;
  base?: string;
  taskFile?: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface LoopStarted {
  loop: AgentLoop;
  /** This session's previous loop, re-armed (other sessions' loops are never touched). */
  replaced: AgentLoop | undefined;
  /** Where the session id came from. */
  sessionFrom: "flag" | "recorded";
}

/** The session the hooks recorded last, in this repository, the project or the main worktree. */
async function recordedSession(cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  for (const root of (await loopRoots(cwd, env)).roots) {
    const record = await readSessionRecord(root);
    if (record) return record.session_id;
  }
  throw new GatesError(
    GatesErrorCode.Usage,
    `no --session given and no session recorded (${SESSION_RECORD})`,
    {
      hint: "run verify-gates loop install, then start a new Claude Code session (its SessionStart hook records the id), or pass --session ID",
    },
  );
}

/** `verify-gates loop start`: arm the Stop hook for one session (iteration 0). */
export async function startLoop(options: LoopStartOptions): Promise<LoopStarted> {
  const { SESSION_ID_PATTERN } = await import("@agent-verify/contract");
  const env = options.env ?? process.env;
  const session = options.session ?? (await recordedSession(options.cwd, env));
  if (!SESSION_ID_PATTERN.test(session))
    throw new GatesError(
      GatesErrorCode.Usage,
      `--session: '${session}' is not a session id (letters, digits, . _ : -)`,
    );
  const root = await repoRoot(options.cwd);
  const before = await readLoop(root, { session });
  const now = (options.now ?? new Date()).toISOString();
  const loop: AgentLoop = {
    schema_version: 1,
    session_id: session,
    iteration: 0,
    max_iterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    started_at: now,
    updated_at: now,
    ...(options.base ? { base: options.base } : {}),
    ...(options.taskFile ? { task_file: resolve(options.cwd, options.taskFile) } : {}),
  };
  await writeLoop(root, loop);
  return {
    loop,
    replaced: before.kind === "loop" ? before.loop : undefined,
    sessionFrom: options.session === undefined ? "recorded" : "flag",
  };
}

/** The session a `loop stop` / `loop status` means: the flag, the recorded one, or the only loop. */
async function chosenSession(
  root: string,
  session: string | undefined,
): Promise<string | undefined> {
  if (session !== undefined) return session;
  const loops = (await listLoops(root)).filter((l) => l.agent_id === undefined);
  const recorded = (await readSessionRecord(root))?.session_id;
  if (recorded && loops.some((l) => l.session_id === recorded)) return recorded;
  if (loops.length <= 1) return loops[0]?.session_id;
  throw new GatesError(
    GatesErrorCode.Usage,
    `${loops.length} sessions have a loop here (${loops.map((l) => l.session_id).join(", ")}): pass --session ID`,
  );
}

/** `verify-gates loop stop`: disarm one session's loop (its subagents' too); the file removed, or undefined. */
export async function stopLoop(cwd: string, session?: string): Promise<string | undefined> {
  const root = await repoRoot(cwd);
  const chosen = await chosenSession(root, session);
  if (chosen === undefined) return undefined;
  const agents = (await listLoops(root)).filter((l) => l.session_id === chosen && l.agent_id);
  for (const agent of agents) await removeLoop(root, { session: chosen, agent: agent.agent_id });
  return (await removeLoop(root, { session: chosen }))
    ? `${LOOP_DIR}/${loopFileName({ session: chosen })}`
    : undefined;
}

/** `verify-gates loop status`: one session's loop, or every loop in the repository. */
export async function loopStatus(cwd: string, session?: string): Promise<AgentLoop[]> {
  const root = await repoRoot(cwd);
  if (session === undefined) return listLoops(root);
  const read = await readLoop(root, { session });
  if (read.kind === "invalid")
    throw new GatesError(GatesErrorCode.ConfigInvalid, read.why, {
      hint: `verify-gates loop stop --session ${session} removes it`,
    });
  return read.kind === "loop" ? [read.loop] : [];
}
