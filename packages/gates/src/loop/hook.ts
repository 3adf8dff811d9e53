import type { AgentLoop, LoopCap } from "@agent-verify/contract";
import type { AgentCap, AgentDialect } from "../agents/dialect.js";
import { agentBlockCap } from "./block-cap.js";
import { answer, type Decision, type HookFormat, type HookResult } from "../agents/hook-answer.js";
import { checkPayload, readPayloadHead, type PayloadHead } from "./hook-payload.js";
import { checkInstall } from "./install-record.js";
import { appendLoopLog, isActive, readLoop, writeLoop } from "./loop-file.js";
import { loopRoots } from "./roots.js";
import { isVerifyLoopPrompt, recordSession } from "./session-record.js";
import { openStore, type SignedStore } from "../state/signed-store.js";

export type { HookFormat, HookResult } from "../agents/hook-answer.js";

export interface HookOptions {
  /** The payload as read from stdin. */
  input: string;
  format: HookFormat;
  env: NodeJS.ProcessEnv;
  /** Where to look when the payload names no working directory. */
  cwd: string;
  /** Runs gates in a directory (the real one is `runGates`; the tests use it through the bin). */
  gates: (dir: string, loop: AgentLoop) => Promise<GatesOutcome>;
  now?: () => Date;
  /** The coding agent whose hook this is (`hook --agent`); default Claude Code. */
  agent?: AgentDialect;
  /** The agent's own cap on consecutive blocks, from its dialect; default Claude Code's. */
  agentCap?: AgentCap;
}

/** What the hook needs of a gates run. */
export interface GatesOutcome {
  exitCode: number;
  status: string;
  /** `.verify/summary.txt`: the verdict, then what to fix first. */
  summary: string;
  /** The code files no stage read (the report's `unchecked`): a pass that verified nothing. */
  unchecked?: readonly string[];
}

/** Events that only record the session, for `loop start` without `--session`. */
const RECORDING_EVENTS = new Set(["SessionStart", "UserPromptSubmit"]);

const allow = (reason: string, loop?: AgentLoop): Decision => ({
  block: false,
  reason,
  loop,
  gatesStatus: null,
});

async function record(head: PayloadHead, dir: string, options: HookOptions): Promise<Decision> {
  const { SESSION_ID_PATTERN } = await import("@agent-verify/contract/agent-loop");
  if (!SESSION_ID_PATTERN.test(head.sessionId))
    return allow(`session id '${head.sessionId.slice(0, 80)}' is not usable; nothing recorded`);
  const { own, roots } = await loopRoots(dir, options.env);
  const root = own ?? roots[0];
  if (!root) return allow(`${dir} is not inside a git repository; nothing recorded`);
  const prompt = (head.json as { prompt?: unknown }).prompt;
  await recordSession(await openStore(root, options.env), {
    schema_version: 1,
    session_id: head.sessionId,
    event: head.event ?? "unknown",
    recorded_at: (options.now ?? (() => new Date()))().toISOString(),
    ...(head.event === "UserPromptSubmit"
      ? { verify_loop_prompt: isVerifyLoopPrompt(prompt) }
      : {}),
  });
  return { ...allow(`recorded session ${head.sessionId} for loop start`), quiet: true };
}

interface Found {
  store: SignedStore;
  loop: AgentLoop;
  gatesDir: string;
}

/** A loop's state that did not verify: the stop is blocked (fail closed), never waved through. */
interface Tampered {
  tampered: string;
}

/** The session's loop, in the state folder of the payload's repository, the project's, or the main tree's. */
async function findLoop(
  dir: string,
  session: string,
  env: NodeJS.ProcessEnv,
): Promise<Found | Tampered | string> {
  const { own, roots } = await loopRoots(dir, env);
  if (roots.length === 0) return `${dir} is not inside a git repository`;
  for (const root of roots) {
    const store = await openStore(root, env);
    const read = await readLoop(store, { session });
    if (read.kind === "invalid") return { tampered: read.why };
    // Gates run in the payload's working tree; outside any repository, where the loop was armed.
    if (read.kind === "loop")
      return { store, loop: read.loop, gatesDir: own ? dir : (read.loop.root ?? root) };
  }
  return `no loop for session ${session} in ${roots.join(" or ")}: this session is not in a verify loop`;
}

/** A subagent's own loop: its iterations never count against the parent's. */
async function agentLoop(store: SignedStore, parent: AgentLoop, agent: string, now: string) {
  const read = await readLoop(store, { session: parent.session_id, agent });
  // A subagent loop of an earlier arming of the session counts for nothing now.
  if (read.kind === "loop" && read.loop.started_at >= parent.started_at) return read.loop;
  const fresh: AgentLoop = {
    schema_version: 1,
    session_id: parent.session_id,
    agent_id: agent,
    iteration: 0,
    max_iterations: parent.max_iterations,
    started_at: now,
    updated_at: now,
    ...(parent.base ? { base: parent.base } : {}),
    ...(parent.base_commit ? { base_commit: parent.base_commit } : {}),
    ...(parent.task_file ? { task_file: parent.task_file } : {}),
    ...(parent.task_snapshot ? { task_snapshot: parent.task_snapshot } : {}),
    ...(parent.ticket ? { ticket: parent.ticket } : {}),
    ...(parent.oracle_snapshot ? { oracle_snapshot: parent.oracle_snapshot } : {}),
    ...(parent.tools_snapshot ? { tools_snapshot: parent.tools_snapshot } : {}),
    ...(parent.root ? { root: parent.root } : {}),
  };
  return fresh;
}

const who = (loop: AgentLoop) => (loop.agent_id ? ` (subagent ${loop.agent_id})` : "");

async function runGatesSafely(
  options: HookOptions,
  dir: string,
  loop: AgentLoop,
): Promise<GatesOutcome> {
  try {
    return await options.gates(dir, loop);
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { exitCode: 2, status: "error", summary: `verify-gates: internal error: ${message}\n` };
  }
}

function capOf(
  loop: AgentLoop,
  consecutive: number,
  env: NodeJS.ProcessEnv,
  dialectCap: AgentCap | undefined,
): LoopCap | undefined {
  if (loop.iteration >= loop.max_iterations) return "max_iterations";
  const agentCap = dialectCap?.limit ?? agentBlockCap(env);
  // One short of the agent's own cap: at its cap it ends the turn itself, with no word on what is red.
  return agentCap > 0 && consecutive >= agentCap ? "agent_block_cap" : undefined;
}

function capMessage(
  loop: AgentLoop,
  cap: LoopCap,
  summary: string,
  env: NodeJS.ProcessEnv,
  dialectCap: AgentCap | undefined,
): string {
  const near = dialectCap?.label ?? `the agent's cap of ${agentBlockCap(env)}`;
  const why =
    cap === "max_iterations"
      ? `after ${loop.max_iterations} iterations`
      : `after ${loop.consecutive_blocks ?? 0} blocked stops in a row (near ${near})`;
  return `verify-gates: the change is still red ${why}; the loop ended capped${who(loop)}. Still to fix (.verify/summary.txt):\n${summary.trimEnd()}`;
}

interface Settle {
  store: SignedStore;
  /** The working tree the gates ran in: the log's visible copy goes there when the loop names no root. */
  gatesDir: string;
  /** The loop this stop belongs to: the session's, or the subagent's own. */
  live: AgentLoop;
  run: GatesOutcome;
  event: string;
  now: string;
  env: NodeJS.ProcessEnv;
  stopHookActive: boolean;
  agentCap: AgentCap | undefined;
}

/** The summary kept as an escalation's evidence: the first lines, never the whole report. */
const evidence = (summary: string) => summary.trimEnd().split("\n").slice(0, 40).join("\n");

/** The honest way out, named in every block: the command with this session's id. */
export const escalateHint = (loop: AgentLoop) =>
  `If you believe a test or the task itself is wrong, do not edit tests, configs or .verify/: run verify-gates loop escalate --session ${loop.session_id} --reason "<why>" to hand it to a human (recorded as not verified).`;

/** A pass on which no stage read the code: the stop is allowed, but never called verified. */
function notVerified(files: readonly string[], ending: string): string {
  const named =
    files.slice(0, 5).join(", ") + (files.length > 5 ? ` and ${files.length - 5} more` : "");
  return `not verified: nothing checked ${named} (.verify/summary.txt says which tool to add); ${ending}`;
}

/** After the gates run: end the loop green, cap it, or block and count the stop; one log line each. */
async function settle({
  store,
  gatesDir,
  live,
  run,
  event,
  now,
  env,
  stopHookActive,
  agentCap,
}: Settle): Promise<Decision> {
  const status = run.status;
  const log = (outcome: "blocked" | "passed" | "capped", loop: AgentLoop, cap: LoopCap | null) =>
    appendLoopLog(store, loop.root ?? gatesDir, {
      schema_version: 1,
      timestamp: now,
      session_id: loop.session_id,
      agent_id: loop.agent_id ?? null,
      event,
      outcome,
      iteration: loop.iteration,
      max_iterations: loop.max_iterations,
      gates_status: status,
      gates_exit_code: run.exitCode,
      capped_by: cap,
      ...(outcome === "blocked" ? {} : { ended_by: "hook" as const }),
    });
  if (run.exitCode === 0) {
    const passed: AgentLoop = {
      ...live,
      state: "passed",
      ended_at: now,
      ended_by: "hook",
      updated_at: now,
      last_status: status,
    };
    await writeLoop(store, passed);
    await log("passed", passed, null);
    const ending = `loop${who(live)} ended after ${live.iteration} blocked stop(s)`;
    return {
      ...allow(
        run.unchecked === undefined
          ? `gates passed: ${ending}`
          : notVerified(run.unchecked, ending),
        passed,
      ),
      gatesStatus: status,
    };
  }
  const consecutive =
    agentCap?.consecutive ?? (stopHookActive ? (live.consecutive_blocks ?? 0) : 0) + 1;
  const cap = capOf(live, consecutive, env, agentCap);
  if (cap !== undefined) {
    const capped: AgentLoop = {
      ...live,
      state: "capped",
      capped_by: cap,
      consecutive_blocks: consecutive - 1,
      ended_at: now,
      ended_by: "hook",
      updated_at: now,
      last_status: status,
      last_summary: evidence(run.summary),
    };
    await writeLoop(store, capped);
    await log("capped", capped, cap);
    const warning = capMessage(capped, cap, run.summary, env, agentCap);
    return { ...allow(warning, capped), gatesStatus: status, warning, cappedBy: cap };
  }
  const next: AgentLoop = {
    ...live,
    iteration: live.iteration + 1,
    consecutive_blocks: consecutive,
    updated_at: now,
    last_status: status,
    last_summary: evidence(run.summary),
  };
  await writeLoop(store, next);
  await log("blocked", next, null);
  const first = `verify-gates: the change is not green (exit ${run.exitCode}), iteration ${next.iteration} of ${next.max_iterations}${who(next)}. Fix what .verify/summary.txt names, then finish again:`;
  return {
    block: true,
    reason: `${first}\n${run.summary.trimEnd()}\n${escalateHint(next)}`,
    loop: next,
    gatesStatus: status,
  };
}

const ended = (loop: AgentLoop) =>
  `the loop of session ${loop.session_id}${who(loop)} ended ${loop.state}${loop.ended_by ? ` (by the ${loop.ended_by})` : ""}; verify-gates loop start re-arms it`;

async function decide(options: HookOptions): Promise<Decision> {
  const head = readPayloadHead(options.input);
  if (typeof head === "string") return allow(head);
  const dir = head.cwd ?? options.cwd;
  if (head.event !== undefined && RECORDING_EVENTS.has(head.event))
    return record(head, dir, options);
  const found = await findLoop(dir, head.sessionId, options.env);
  if (typeof found === "string") return allow(found);
  if ("tampered" in found) return blockTampered(found.tampered, head.sessionId);
  const { store, loop: parent } = found;
  // A disarm the user has not been shown: this stop shows it (the main agent's, once).
  const notice = head.agentId === undefined ? await takeNotice(store, parent) : undefined;
  return withNotice(await judge(options, head, found, parent), notice);
}

/** The loop's pending notice, cleared on the record: the stop that takes it shows it. */
async function takeNotice(store: SignedStore, loop: AgentLoop): Promise<string | undefined> {
  if (loop.pending_notice === undefined) return undefined;
  const { pending_notice: notice, ...rest } = loop;
  await writeLoop(store, rest);
  return notice;
}

/** A notice in the transcript the user reads: an allow's user message, a block's reason. */
function withNotice(decision: Decision, notice: string | undefined): Decision {
  if (notice === undefined) return decision;
  if (decision.block) return { ...decision, reason: `${notice}\n${decision.reason}` };
  return {
    ...decision,
    warning: decision.warning === undefined ? notice : `${notice}\n${decision.warning}`,
  };
}

async function judge(
  options: HookOptions,
  head: PayloadHead,
  found: Found,
  parent: AgentLoop,
): Promise<Decision> {
  const { store, gatesDir } = found;
  if (!isActive(parent)) return allow(ended(parent));
  const payload = await checkPayload(head.json);
  if (typeof payload === "string") return allow(payload);
  const now = (options.now ?? (() => new Date()))().toISOString();
  const subject =
    head.agentId === undefined ? parent : await agentLoop(store, parent, head.agentId, now);
  if (!isActive(subject)) return allow(ended(subject));
  // The gates that judge the stop must be the ones `loop install` installed, unchanged.
  const installed = await checkInstall(store);
  if (installed !== undefined)
    return {
      block: true,
      reason: `verify-gates: ${installed}. The stop stays blocked: the gates that judge it cannot be trusted. ${escalateHint(parent)}`,
      loop: subject,
      gatesStatus: null,
    };
  const run = await runGatesSafely(options, gatesDir, parent);
  const status = run.status;
  // The run took a while: decide on the parent's loop as it is now, not as it was.
  const current = await readLoop(store, { session: parent.session_id });
  if (
    current.kind !== "loop" ||
    current.loop.started_at !== parent.started_at ||
    !isActive(current.loop)
  )
    return { ...allow("the loop was stopped or replaced while gates ran"), gatesStatus: status };
  const live = head.agentId === undefined ? current.loop : subject;
  return settle({
    store,
    gatesDir,
    live,
    run,
    event: head.event ?? "Stop",
    now,
    env: options.env,
    stopHookActive: head.stopHookActive,
    agentCap: options.agentCap,
  });
}

function blockTampered(why: string, session: string): Decision {
  return {
    block: true,
    reason: `verify-gates: the loop's state cannot be trusted (${why}). The stop stays blocked; verify-gates loop escalate --session ${session} --reason "<why>" hands it to a human, and the person who armed the loop can re-arm it.`,
    loop: undefined,
    gatesStatus: null,
  };
}

/** A Stop / SubagentStop hook: gate the stop while this session's loop is armed; SessionStart / UserPromptSubmit record the session. */
export async function runHook(options: HookOptions): Promise<HookResult> {
  if (options.agent === undefined)
    return answer(await decide(options), options.input, options.format);
  // The agent's dialect (the CLI always names one, Claude Code's by default): its payload in the
  // loop's shape, an edit to the guard, its answer in its own format.
  const { agent } = options;
  const event = await agent.read(options.input, options.env);
  if (event.kind === "pass") return agent.answerEdit({ deny: false, reason: event.reason });
  if (event.kind === "edit") {
    const { guardEdit } = await import("./guard.js");
    return agent.answerEdit(await guardEdit(event, options.cwd, options.env));
  }
  const decision = await decide({ ...options, input: event.payload, agentCap: event.cap });
  return agent.answer(decision, event.payload, options.format);
}
