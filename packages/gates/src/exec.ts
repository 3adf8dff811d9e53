import { spawn } from "node:child_process";
import { ensureReaper, marked, watchGroup } from "./process/reaper-client.js";

/** Why a child run ended (execa's `terminationReason`, narrowed to what we do). */
export type TerminationReason = "exit" | "signal" | "timeout" | "cancelled" | "spawn_error";

/** The one result shape of every process verify-gates runs (modelled on execa's). */
export interface ExecResult {
  command: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The deadline passed and the process group was killed. */
  timedOut: boolean;
  /** Ended by a signal, ours or anyone's. */
  isTerminated: boolean;
  terminationReason: TerminationReason;
  /** The deadline the run had. */
  timeoutMs: number;
  stdout: string;
  /** stdout as bytes, for output that is not text (`git cat-file --batch` counts bytes). */
  stdoutBytes: Buffer;
  stderr: string;
  durationMs: number;
  /** ENOENT and friends: the program could not be started at all. */
  spawnError: NodeJS.ErrnoException | undefined;
}

export interface ExecOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** When the whole process group is killed (SIGTERM, then SIGKILL after `graceMs`). */
  timeoutMs?: number;
  graceMs?: number;
  /** Aborted: the whole process group is killed as at the deadline (`terminationReason` "cancelled"). */
  signal?: AbortSignal | undefined;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
export const KILL_GRACE_MS = 2_000;
/** The longest delay a Node timer holds; anything longer fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Process groups started and not yet reaped, so that an interrupted run can take them down. */
const liveGroups = new Set<number>();

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM the group, SIGKILL whatever is left after the grace. */
function stopGroup(pid: number, graceMs: number): void {
  if (!signalGroup(pid, "SIGTERM")) return;
  setTimeout(() => {
    signalGroup(pid, "SIGKILL");
  }, graceMs).unref();
}

/** Take down every process group still running (an interrupted run). */
export function stopAllGroups(graceMs = KILL_GRACE_MS): void {
  for (const pid of liveGroups) stopGroup(pid, graceMs);
}

/**
 * Run a program without a shell, in its own process group, with a deadline: when it passes,
 * the whole group gets SIGTERM, then SIGKILL after the grace. Never rejects.
 */
export function exec(
  file: string,
  args: readonly string[],
  options: ExecOptions,
): Promise<ExecResult> {
  const started = performance.now();
  const timeoutMs = Math.min(Math.max(1, options.timeoutMs ?? DEFAULT_TIMEOUT_MS), MAX_TIMER_MS);
  const graceMs = Math.min(Math.max(0, options.graceMs ?? KILL_GRACE_MS), MAX_TIMER_MS);
  // The group is watched from the moment it exists: only a synchronous write is left between.
  ensureReaper();
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      // Marked, so that the reaper finds it even before its group is listed (see reaper.ts).
      env: marked(options.env ?? process.env),
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true,
    });
    const pid = child.pid;
    const unwatch = pid === undefined ? () => undefined : watchGroup(pid);
    if (pid !== undefined) liveGroups.add(pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let spawnError: NodeJS.ErrnoException | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) stopGroup(pid, graceMs);
    }, timeoutMs);
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      if (pid !== undefined) stopGroup(pid, graceMs);
    };
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener("abort", cancel, { once: true });
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => {
      spawnError = error;
    });
    // What the program left behind in its group goes with it; a grandchild holding the
    // pipes open would otherwise keep `close` from ever coming.
    child.on("exit", () => {
      if (pid !== undefined) stopGroup(pid, graceMs);
    });
    if (options.input !== undefined && child.stdin) {
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", cancel);
      if (pid !== undefined) liveGroups.delete(pid);
      unwatch();
      const terminationReason: TerminationReason = spawnError
        ? "spawn_error"
        : timedOut
          ? "timeout"
          : cancelled
            ? "cancelled"
            : signal
              ? "signal"
              : "exit";
      const stdoutBytes = Buffer.concat(out);
      resolve({
        command: [file, ...args].join(" "),
        exitCode,
        signal,
        timedOut,
        isTerminated: signal !== null,
        terminationReason,
        timeoutMs,
        stdout: stdoutBytes.toString("utf8"),
        stdoutBytes,
        stderr: Buffer.concat(err).toString("utf8"),
        durationMs: performance.now() - started,
        spawnError,
      });
    });
  });
}

/**
 * A run that was called off (a red static stage stops the suite running beside it): the stage
 * that was running is not judged, it did not run. Its message is the stage's skip reason.
 */
export class Cancelled extends Error {
  override readonly name = "Cancelled";
}

/** The error a cancelled run throws: the signal's reason when it is one, else a generic one. */
export function cancelledBy(signal: AbortSignal): Cancelled {
  return signal.reason instanceof Cancelled ? signal.reason : new Cancelled("not run: cancelled");
}

/** Last non-empty lines of a tool's output, for a message. */
export function tail(text: string, lines = 3, separator = " | "): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-lines)
    .join(separator);
}

/** A limit as a person reads it: "90 s", "1500 ms". */
export function formatLimit(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
