import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { BoundedCapture, TailCapture } from "./capture.js";
import { sharedWatchdog, watchChildGroup, type Watchdog } from "./guard.js";
import { RunProcesses } from "./process-tree.js";
import { shellQuote } from "./shell-quote.js";
import { sampleEvery, stopRun } from "./stop-run.js";
import { timerMs } from "./timer-limit.js";

// The manager's one way to run a program (runners, bd, gates, git). Plain child_process
// rather than execa: the run must be killed as a whole process group (plus descendants that
// detached, like Playwright's browser), also when the manager itself is SIGKILLed (a
// watchdog per child), stdout overflow must be recorded rather than thrown, and only a tail
// of stderr is kept.

export type TerminationReason =
  "exit" | "signal" | "timeout" | "max_buffer" | "aborted" | "spawn_error";

export interface ChildOptions {
  /** A shell command line; with `args`, the program to run without a shell. */
  command: string;
  /** Arguments passed as they are (no shell, nothing to quote). */
  args?: readonly string[] | undefined;
  cwd: string;
  env?: NodeJS.ProcessEnv | undefined;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number | undefined;
  maxStdoutBytes?: number | undefined;
  stderrTailLines?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called as soon as the child has a pid (synchronously after the spawn). */
  onSpawn?: ((pid: number) => void) | undefined;
  /** Each stderr chunk as it arrives (the MCP server relays progress lines from it). */
  onStderr?: ((chunk: Buffer) => void) | undefined;
}

/** Shaped like execa's result: one place says how the child ended. */
export interface ChildResult {
  command: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  isTerminated: boolean;
  isMaxBuffer: boolean;
  durationMs: number;
  stdout: string;
  stdoutBytes: number;
  stderr: string;
  terminationReason: TerminationReason;
  spawnError: string | null;
  /** The errno code of a failed start (`ENOENT`: no such program), else null. */
  spawnErrorCode: string | null;
}

export const DEFAULT_MAX_STDOUT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_KILL_GRACE_MS = 3000;
export const DEFAULT_STDERR_TAIL_LINES = 200;

function describe(options: ChildOptions): string {
  if (options.args === undefined) return options.command;
  return [options.command, ...options.args].map(shellQuote).join(" ");
}

function spawnChild(options: ChildOptions) {
  const common = {
    detached: true,
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"],
  };
  return options.args === undefined
    ? spawn(options.command, { ...common, shell: true })
    : spawn(options.command, [...options.args], common);
}

interface ExitInfo {
  code: number | null;
  signal: string | null;
  durationMs: number;
}

export function runChild(options: ChildOptions): Promise<ChildResult> {
  const killGraceMs = timerMs(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
  const stdout = new BoundedCapture(options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT_BYTES);
  const stderr = new TailCapture(options.stderrTailLines ?? DEFAULT_STDERR_TAIL_LINES);
  const started = performance.now();
  let reason: TerminationReason | undefined;

  return new Promise<ChildResult>((resolve) => {
    sharedWatchdog();
    const child = spawnChild(options);
    const pid = child.pid;
    // In the same tick as the spawn: a manager killed from here on still takes the group down.
    const watchdog: Watchdog | undefined =
      pid === undefined ? undefined : watchChildGroup(pid, killGraceMs);
    if (pid !== undefined) options.onSpawn?.(pid);
    const run = pid === undefined ? undefined : new RunProcesses(pid);
    const stopSampling = run ? sampleEvery(run) : () => undefined;
    let stopping: Promise<void> | undefined;
    let exitInfo: ExitInfo | undefined;

    const terminate = (why: TerminationReason) => {
      if (reason !== undefined || exitInfo !== undefined || pid === undefined || !run) return;
      reason = why;
      stopping = stopRun(pid, killGraceMs, run);
    };
    const timer = setTimeout(() => terminate("timeout"), timerMs(options.timeoutMs));
    const onAbort = () => terminate("aborted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    let isClosed = false;
    const closed = new Promise<void>((done) =>
      child.once("close", () => {
        isClosed = true;
        done();
      }),
    );
    child.stdout.on("data", (chunk: Buffer) => {
      stdout.push(chunk);
      if (stdout.isOverflowed) terminate("max_buffer");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    });

    const finish = (spawnError: NodeJS.ErrnoException | null) => {
      clearTimeout(timer);
      stopSampling();
      watchdog?.release();
      options.signal?.removeEventListener("abort", onAbort);
      const info = exitInfo ?? {
        code: null,
        signal: null,
        durationMs: performance.now() - started,
      };
      const terminationReason: TerminationReason =
        spawnError !== null
          ? "spawn_error"
          : (reason ?? (info.signal !== null ? "signal" : "exit"));
      resolve({
        command: describe(options),
        exitCode: info.code,
        signal: info.signal,
        timedOut: terminationReason === "timeout",
        isTerminated: info.signal !== null,
        isMaxBuffer: stdout.isOverflowed,
        durationMs: Math.round(info.durationMs),
        stdout: stdout.text(),
        stdoutBytes: stdout.totalBytes,
        stderr: stderr.text(),
        terminationReason,
        spawnError: spawnError === null ? null : spawnError.message,
        spawnErrorCode: spawnError === null ? null : (spawnError.code ?? "ESPAWN"),
      });
    };

    child.once("error", (error: NodeJS.ErrnoException) => {
      if (pid === undefined) finish(error);
    });
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal, durationMs: performance.now() - started };
      clearTimeout(timer);
      void (async () => {
        if (pid !== undefined && run) {
          await stopping;
          // Whatever the child left behind (a server, a browser, a stuck grandchild) goes too.
          await stopRun(pid, killGraceMs, run);
        }
        if (!isClosed)
          await Promise.race([
            closed,
            sleep(timerMs(killGraceMs + 1000), undefined, { ref: false }),
          ]);
        child.stdout.destroy();
        child.stderr.destroy();
        finish(null);
      })();
    });
  });
}
