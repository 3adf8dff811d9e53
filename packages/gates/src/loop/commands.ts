import { resolve } from "node:path";
import type { AgentLoop, LoopEnder, LoopState } from "@agent-verify/contract";
import { repoRoot } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import {
  appendLoopLog,
  DEFAULT_MAX_ITERATIONS,
  isActive,
  listLoops,
  readLoop,
  writeLoop,
} from "./loop-file.js";
import { promptingSession, readSessionRecords } from "./session-record.js";
import { openStore, type SignedStore } from "../state/signed-store.js";

export interface LoopStartOptions {
  cwd: string;
  /** The session typing `/verify-loop` (Claude Code expands `${CLAUDE_SESSION_ID}` in it). */
  session?: string;
  maxIterations?: number;
  base?: string;
  taskFile?: string;
  /** The ticket the loop works on; default: the task file's `TASK_ID:`. */
  ticket?: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface LoopStarted {
  loop: AgentLoop;
  /** This session's previous loop: an active one is now `disarmed`; an ended one is how it ended. */
  previous: AgentLoop | undefined;
  /** Where the session id came from. */
  sessionFrom: "flag" | "recorded";
  /**
   * The session's loop was armed already: it goes on as it was (its count, oracle, base and task),
   * its cap raised to `--max-iterations` when that is higher, never lowered.
   */
  rearmed?: { askedFor: number | undefined; capBefore: number };
}

/** A `/verify-loop` prompt older than this is never matched to a `loop start`. */
const PROMPT_WINDOW_MS = 15 * 60_000;

/**
 * Who runs a command: Claude Code marks the shells it starts with `CLAUDECODE=1`, Gemini CLI with
 * `GEMINI_CLI=1`. (Codex CLI and Cursor set no such mark that we know of: their commands read as
 * a person's, and the notice the next stop shows is what tells the user.)
 */
export const commandRunBy = (env: NodeJS.ProcessEnv): LoopEnder =>
  env.CLAUDECODE === "1" || env.GEMINI_CLI === "1" ? "agent" : "user";

/** The session whose agent runs this command: Claude Code sets `CLAUDE_CODE_SESSION_ID` in its shells. */
export const commandSession = (env: NodeJS.ProcessEnv): string | undefined =>
  env.CLAUDE_CODE_SESSION_ID?.trim() || undefined;

/**
 * A command run inside the session `session` gates: its session id says so, or a coding agent's
 * mark without a session id (an agent that does not say which session it is: assumed the gated one).
 */
export function insideSession(env: NodeJS.ProcessEnv, session: string): boolean {
  const own = commandSession(env);
  return own === undefined ? commandRunBy(env) === "agent" : own === session;
}

/** A session flag that is really there: an unexpanded `${CLAUDE_SESSION_ID}` or an empty one is not. */
export function givenSession(session: string | undefined): string | undefined {
  const value = session?.trim();
  return value && !value.includes("CLAUDE_SESSION_ID") ? value : undefined;
}

/** The session a `loop start` without a session id means: the one whose `/verify-loop` is the latest record. */
async function recordedSession(store: SignedStore, now: Date): Promise<string> {
  const since = now.getTime() - PROMPT_WINDOW_MS;
  const records = (await readSessionRecords(store)).filter(
    (r) => Date.parse(r.recorded_at) >= since,
  );
  const loops = await listLoops(store);
  const chosen = promptingSession(records, (session, at) =>
    loops.some((l) => l.session_id === session && !l.agent_id && l.started_at >= at),
  );
  if ("session" in chosen) return chosen.session;
  throw new GatesError(
    GatesErrorCode.Usage,
    `no session id given, and the hooks' record cannot say which session typed /verify-loop: ${chosen.refused}; nothing armed`,
    {
      hint: 'pass --session ID (the /verify-loop command that verify-gates loop install writes passes "${CLAUDE_SESSION_ID}"), or type /verify-loop again',
    },
  );
}

async function logEnd(
  store: SignedStore,
  loop: AgentLoop,
  outcome: "disarmed" | "needs_human",
  now: string,
): Promise<void> {
  await appendLoopLog(store, loop.root, {
    schema_version: 1,
    timestamp: now,
    session_id: loop.session_id,
    agent_id: loop.agent_id ?? null,
    event: outcome === "disarmed" ? "loop stop" : "loop escalate",
    outcome,
    iteration: loop.iteration,
    max_iterations: loop.max_iterations,
    // No gates run in this event: the last one the hook saw, else none.
    gates_status: loop.last_status ?? "not_run",
    gates_exit_code: loop.last_status === "pass" ? 0 : 1,
    capped_by: null,
    ...(loop.ended_by ? { ended_by: loop.ended_by } : {}),
    ...(loop.end_reason ? { reason: loop.end_reason } : {}),
  });
}

/** End a session's active loop and its subagents' loops; returns the session's loop as ended. */
async function endLoop(
  store: SignedStore,
  loop: AgentLoop,
  state: Extract<LoopState, "disarmed" | "needs_human">,
  by: LoopEnder,
  reason: string,
  now: string,
  notice?: string,
): Promise<AgentLoop> {
  const end = { state, ended_at: now, ended_by: by, end_reason: reason, updated_at: now };
  const agents = (await listLoops(store)).filter(
    (l) => l.session_id === loop.session_id && l.agent_id && isActive(l),
  );
  for (const agent of agents) await writeLoop(store, { ...agent, ...end });
  const ended: AgentLoop = { ...loop, ...end, ...(notice ? { pending_notice: notice } : {}) };
  await writeLoop(store, ended);
  await logEnd(store, ended, state, now);
  return ended;
}

/**
 * The task a loop works on, read once at `loop start` (a task file that is missing or does not
 * parse refuses the start: the task every stop is judged by is fixed now), and its ticket:
 * `--ticket`, else the task file's own `TASK_ID:` (not its file name).
 */
async function loopTask(
  options: LoopStartOptions,
): Promise<{ ticket: string | undefined; text: string | undefined }> {
  const flag = options.ticket?.trim();
  if (options.ticket !== undefined && !flag)
    throw new GatesError(GatesErrorCode.Usage, "--ticket: the ticket id is empty");
  if (options.taskFile === undefined) return { ticket: flag || undefined, text: undefined };
  const { loadTask } = await import("../task/load-task.js");
  const loaded = await loadTask(resolve(options.cwd, options.taskFile), options.cwd);
  return { ticket: flag || loaded.task.declaredId, text: loaded.text };
}

/**
 * The merge base every stop of the loop compares with, fixed now as a commit: the base ref
 * (`--base`, `BASE`, the config's `base:`, the default branch) and the config are in the
 * agent's reach (`git branch -f main HEAD`, `base: HEAD`), the loop's record is not. A base
 * that does not resolve refuses the start.
 */
async function loopBase(
  root: string,
  env: NodeJS.ProcessEnv,
  explicit: string | undefined,
): Promise<string> {
  const { readWorkingConfig } = await import("../config-cache.js");
  const { baseRefOf } = await import("../diff/base-ref.js");
  const { resolveBase } = await import("../diff/merge-base.js");
  const ref = await baseRefOf(root, env, explicit, await readWorkingConfig(root));
  return (await resolveBase(root, ref)).mergeBase;
}

/** `verify-gates loop start`: arm the Stop hook for one session (iteration 0), with an oracle snapshot. */
export async function startLoop(options: LoopStartOptions): Promise<LoopStarted> {
  const { SESSION_ID_PATTERN } = await import("@agent-verify/contract/agent-loop");
  const env = options.env ?? process.env;
  const nowDate = options.now ?? new Date();
  const root = await repoRoot(options.cwd);
  const store = await openStore(root, env);
  const flag = givenSession(options.session);
  const session = flag ?? (await recordedSession(store, nowDate));
  if (!SESSION_ID_PATTERN.test(session))
    throw new GatesError(
      GatesErrorCode.Usage,
      `--session: '${session}' is not a session id (letters, digits, . _ : -)`,
    );
  const now = nowDate.toISOString();
  const before = await readLoop(store, { session });
  const previous = before.kind === "loop" ? before.loop : undefined;
  // Re-arming an armed loop never resets its count nor lowers its cap: a restart is `loop stop`
  // (refused inside the session, shown to the user at the next stop), then `loop start`.
  if (previous && isActive(previous)) {
    const cap = Math.max(previous.max_iterations, options.maxIterations ?? 0);
    const loop: AgentLoop = { ...previous, max_iterations: cap, updated_at: now };
    await writeLoop(store, loop);
    return {
      loop,
      previous: undefined,
      sessionFrom: flag === undefined ? "recorded" : "flag",
      rearmed: { askedFor: options.maxIterations, capBefore: previous.max_iterations },
    };
  }
  const { ticket, text: taskText } = await loopTask(options);
  const baseCommit = await loopBase(root, env, options.base);
  const { snapshotTask, snapshotTree } = await import("../oracle/index.js");
  const oracle = await snapshotTree(root, env, nowDate);
  const taskSnapshot = taskText === undefined ? undefined : await snapshotTask(root, env, taskText);
  const { recordTools } = await import("../cheats/tool-record.js");
  const tools = await recordTools(root, store, nowDate);
  const loop: AgentLoop = {
    schema_version: 1,
    session_id: session,
    iteration: 0,
    max_iterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    started_at: now,
    updated_at: now,
    root,
    oracle_snapshot: oracle.id,
    tools_snapshot: tools.id,
    ...(options.base ? { base: options.base } : {}),
    base_commit: baseCommit,
    ...(options.taskFile ? { task_file: resolve(options.cwd, options.taskFile) } : {}),
    ...(taskSnapshot ? { task_snapshot: taskSnapshot } : {}),
    ...(ticket ? { ticket } : {}),
    // A disarm the user has not been shown yet is shown by this loop's first stop.
    ...(previous?.pending_notice ? { pending_notice: previous.pending_notice } : {}),
  };
  await writeLoop(store, loop);
  return { loop, previous, sessionFrom: flag === undefined ? "recorded" : "flag" };
}

/** The session a `loop stop` / `loop escalate` / `loop status` means: the flag, else the only active loop. */
async function chosenSession(
  store: SignedStore,
  session: string | undefined,
): Promise<string | undefined> {
  const flag = givenSession(session);
  if (flag !== undefined) return flag;
  const active = (await listLoops(store)).filter((l) => l.agent_id === undefined && isActive(l));
  if (active.length <= 1) return active[0]?.session_id;
  throw new GatesError(
    GatesErrorCode.Usage,
    `${active.length} sessions have an active loop here (${active.map((l) => l.session_id).join(", ")}): pass --session ID`,
  );
}

async function activeLoop(store: SignedStore, session: string | undefined) {
  const chosen = await chosenSession(store, session);
  if (chosen === undefined) return undefined;
  const read = await readLoop(store, { session: chosen });
  if (read.kind === "invalid")
    throw new GatesError(GatesErrorCode.ConfigInvalid, read.why, {
      hint: `verify-gates loop start --session ${chosen} arms it afresh`,
    });
  return read.kind === "loop" && isActive(read.loop) ? read.loop : undefined;
}

export interface LoopEndOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  session?: string | undefined;
  now?: Date;
}

export interface LoopStopOptions extends LoopEndOptions {
  /**
   * Asks the person at the terminal to confirm a stop run inside the gated session; absent (no
   * terminal: the agent's own shell) refuses it.
   */
  confirm?: (question: string) => Promise<boolean>;
}

/** How the loop's last check stood, for the notice: red, or never checked. */
function lastCheck(loop: AgentLoop): string {
  if (loop.last_status === undefined)
    return "no stop had been checked yet, so nothing says the change is green";
  const state = loop.last_status === "pass" ? "green" : "red";
  return `the change was ${state} at its last check (gates ${loop.last_status}, ${loop.iteration} of ${loop.max_iterations} blocked stops)`;
}

/** `verify-gates loop stop`: disarm one session's loop, on the record as `disarmed` (not verified). */
export async function stopLoop(options: LoopStopOptions): Promise<AgentLoop | undefined> {
  const store = await openStore(await repoRoot(options.cwd), options.env);
  const loop = await activeLoop(store, options.session);
  if (loop === undefined) return undefined;
  const { env } = options;
  const inside = insideSession(env, loop.session_id);
  if (inside) {
    const question = `Disarm the verify loop of session ${loop.session_id}? ${lastCheck(loop)}. Type yes to disarm: `;
    const confirmed = options.confirm !== undefined && (await options.confirm(question));
    if (!confirmed)
      throw new GatesError(
        GatesErrorCode.Usage,
        `loop stop refused: it runs inside session ${loop.session_id}, the session this loop gates; if a test or the task is wrong, run verify-gates loop escalate --session ${loop.session_id} --reason "<why>"`,
        {
          hint: "a person disarms the loop with loop stop from a terminal (it asks to confirm there), or from a shell of their own",
        },
      );
  }
  const other = commandSession(env);
  const by: LoopEnder = inside ? "user" : commandRunBy(env);
  const who = inside
    ? `a command inside the gated session, confirmed by a person at its terminal`
    : by === "agent"
      ? `a coding agent's command${other ? ` in session ${other}` : ""}`
      : "a person in another shell";
  const now = (options.now ?? new Date()).toISOString();
  const notice = `verify-gates: the verify loop of session ${loop.session_id} was disarmed at ${now} by ${who} (loop stop); ${lastCheck(loop)}. This turn ended unverified.`;
  return endLoop(store, loop, "disarmed", by, `loop stop by ${who}`, now, notice);
}

/**
 * `verify-gates loop escalate --reason`: the honest way out. The agent says a test or the task
 * is wrong; the loop ends `needs_human` with the reason and the last gated stop's summary, the
 * next stop is allowed, and nothing records it as verified.
 */
export async function escalateLoop(
  options: LoopEndOptions & { reason: string },
): Promise<AgentLoop> {
  const reason = options.reason.trim();
  if (reason === "")
    throw new GatesError(GatesErrorCode.Usage, "--reason: say why a human is needed (not empty)");
  const store = await openStore(await repoRoot(options.cwd), options.env);
  const now = (options.now ?? new Date()).toISOString();
  const by = commandRunBy(options.env);
  const flag = givenSession(options.session);
  const read = flag === undefined ? undefined : await readLoop(store, { session: flag });
  // A loop whose state does not verify blocks every stop: escalating is still the way out.
  if (flag !== undefined && read?.kind === "invalid") {
    const why = `${reason} (the loop's state did not verify: ${read.why})`;
    const fresh: AgentLoop = {
      schema_version: 1,
      session_id: flag,
      iteration: 0,
      max_iterations: DEFAULT_MAX_ITERATIONS,
      started_at: now,
      updated_at: now,
    };
    return endLoop(store, fresh, "needs_human", by, why, now);
  }
  const loop = await activeLoop(store, options.session);
  if (loop === undefined)
    throw new GatesError(
      GatesErrorCode.Usage,
      `no active loop${flag ? ` for session ${flag}` : ""} to escalate`,
      { hint: "verify-gates loop status lists the loops and how they ended" },
    );
  return endLoop(store, loop, "needs_human", by, reason, now);
}

/** `verify-gates loop status`: one session's loop, or every loop of the repository. */
export async function loopStatus(
  cwd: string,
  env: NodeJS.ProcessEnv,
  session?: string,
): Promise<AgentLoop[]> {
  const store = await openStore(await repoRoot(cwd), env);
  if (session === undefined) return listLoops(store);
  const read = await readLoop(store, { session });
  if (read.kind === "invalid")
    throw new GatesError(GatesErrorCode.ConfigInvalid, read.why, {
      hint: `verify-gates loop start --session ${session} arms it afresh`,
    });
  return read.kind === "loop" ? [read.loop] : [];
}
