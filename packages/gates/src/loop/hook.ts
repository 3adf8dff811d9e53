import type { AgentLoop, HookAnswer, StopHookPayload } from "@agent-verify/contract";
import { gitTry } from "../diff/git.js";
import { readLoop, removeLoop, writeLoop, LOOP_FILE } from "./loop-file.js";

export type HookFormat = "claude" | "generic";

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
}

/** What the hook needs of a gates run. */
export interface GatesOutcome {
  exitCode: number;
  status: string;
  /** `.verify/summary.txt`: the verdict, then what to fix first. */
  summary: string;
}

/** What the hook prints and exits with. */
export interface HookResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

interface Decision {
  block: boolean;
  reason: string;
  loop: AgentLoop | undefined;
  gatesStatus: string | null;
  /** A note for the user when the loop ends red at the cap. */
  warning?: string;
}

/** What the hook needs before it knows whether a loop is armed: cheap, no zod on this path. */
interface PayloadHead {
  sessionId: string;
  cwd: string | undefined;
  json: unknown;
}

function readPayloadHead(input: string): PayloadHead | string {
  if (input.trim() === "") return "the payload on stdin is empty";
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch {
    return "the payload on stdin is not JSON";
  }
  const fields = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
  const { session_id: sessionId, cwd } = fields;
  if (typeof sessionId !== "string" || sessionId === "")
    return "the payload has no usable session_id (a non-empty string)";
  if (cwd !== undefined && (typeof cwd !== "string" || cwd === ""))
    return "the payload has no usable cwd (a non-empty string)";
  return { sessionId, cwd, json };
}

/** The whole payload against the contract, once a loop is armed for its session. */
async function checkPayload(json: unknown): Promise<StopHookPayload | string> {
  const { StopHookPayloadSchema } = await import("@agent-verify/contract");
  const parsed = StopHookPayloadSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `the payload has no usable ${issue?.path.join(".") || "object"} (${issue?.message ?? "invalid"})`;
}

async function topLevel(dir: string): Promise<string | undefined> {
  const result = await gitTry(dir, ["rev-parse", "--show-toplevel"]);
  return result.ok ? result.stdout.trim() : undefined;
}

const allow = (reason: string, loop?: AgentLoop): Decision => ({
  block: false,
  reason,
  loop,
  gatesStatus: null,
});

/** The loop's repository: the payload's working tree, else the project the agent runs in. */
async function findLoop(
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ root: string; loop: AgentLoop; gatesDir: string } | string> {
  const roots: string[] = [];
  const own = await topLevel(dir);
  if (own) roots.push(own);
  const project = env.CLAUDE_PROJECT_DIR ? await topLevel(env.CLAUDE_PROJECT_DIR) : undefined;
  if (project && !roots.includes(project)) roots.push(project);
  if (roots.length === 0) return `${dir} is not inside a git repository`;
  for (const root of roots) {
    const read = await readLoop(root);
    if (read.kind === "invalid")
      return `${read.why} (in ${root}; verify-gates loop stop removes it)`;
    // Gates run in the payload's working tree; outside any repository, in the project's.
    if (read.kind === "loop") return { root, loop: read.loop, gatesDir: own ? dir : root };
  }
  return `no loop file (${LOOP_FILE}) in ${roots.join(" or ")}: this session is not in a verify loop`;
}

async function decide(options: HookOptions): Promise<Decision> {
  const head = readPayloadHead(options.input);
  if (typeof head === "string") return allow(head);
  const found = await findLoop(head.cwd ?? options.cwd, options.env);
  if (typeof found === "string") return allow(found);
  const { root, loop, gatesDir } = found;
  if (loop.session_id !== head.sessionId)
    return allow(`the loop file belongs to session ${loop.session_id}, not ${head.sessionId}`);
  const payload = await checkPayload(head.json);
  if (typeof payload === "string") return allow(payload);
  const now = (options.now ?? (() => new Date()))().toISOString();
  let run: GatesOutcome;
  try {
    run = await options.gates(gatesDir, loop);
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    run = { exitCode: 2, status: "error", summary: `verify-gates: internal error: ${message}\n` };
  }
  const status = run.status;
  // The run took a while: decide on the loop file as it is now, not as it was.
  const current = await readLoop(root);
  if (
    current.kind !== "loop" ||
    current.loop.session_id !== loop.session_id ||
    current.loop.started_at !== loop.started_at
  )
    return { ...allow("the loop was stopped or replaced while gates ran"), gatesStatus: status };
  const live = current.loop;
  if (run.exitCode === 0) {
    await removeLoop(root);
    return {
      ...allow(`gates passed: loop ended after ${live.iteration} blocked stop(s)`, live),
      gatesStatus: status,
    };
  }
  if (live.iteration >= live.max_iterations) {
    await removeLoop(root);
    const warning = `verify-gates: the change is still red after ${live.max_iterations} iterations; the loop ended (see .verify/summary.txt)`;
    return { ...allow(warning, live), gatesStatus: status, warning };
  }
  const next: AgentLoop = {
    ...live,
    iteration: live.iteration + 1,
    updated_at: now,
    last_status: status,
  };
  await writeLoop(root, next);
  const first = `verify-gates: the change is not green (exit ${run.exitCode}), iteration ${next.iteration} of ${next.max_iterations}. Fix what .verify/summary.txt names, then finish again:`;
  return {
    block: true,
    reason: `${first}\n${run.summary.trimEnd()}`,
    loop: next,
    gatesStatus: status,
  };
}

function answer(decision: Decision, payload: string, format: HookFormat): HookResult {
  const stderr = decision.block ? "" : `verify-gates hook: allowing the stop: ${decision.reason}\n`;
  if (format === "generic") {
    const body: HookAnswer = {
      schema_version: 1,
      decision: decision.block ? "block" : "allow",
      reason: decision.reason,
      session_id: decision.loop?.session_id ?? sessionOf(payload),
      iteration: decision.loop?.iteration ?? null,
      max_iterations: decision.loop?.max_iterations ?? null,
      gates_status: decision.gatesStatus,
    };
    return { stdout: `${JSON.stringify(body)}\n`, stderr, exitCode: decision.block ? 1 : 0 };
  }
  // Claude Code (and Codex): exit 0; a block is {"decision":"block","reason"} on stdout, an allow prints nothing.
  if (decision.block)
    return {
      stdout: `${JSON.stringify({ decision: "block", reason: decision.reason })}\n`,
      stderr,
      exitCode: 0,
    };
  if (decision.warning)
    return {
      stdout: `${JSON.stringify({ systemMessage: decision.warning })}\n`,
      stderr,
      exitCode: 0,
    };
  return { stdout: "", stderr, exitCode: 0 };
}

function sessionOf(input: string): string | null {
  try {
    const value = (JSON.parse(input) as { session_id?: unknown }).session_id;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** A Stop / SubagentStop hook: gate the stop while this session's loop file exists. */
export async function runHook(options: HookOptions): Promise<HookResult> {
  const decision = await decide(options);
  return answer(decision, options.input, options.format);
}
