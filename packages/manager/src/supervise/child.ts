import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { BoundedCapture, TailCapture } from "./capture.js";
import { RunProcesses, signalAll, signalGroup } from "./process-tree.js";

// Plain child_process rather than execa: the run must be killed as a whole process
// group (plus descendants that detached, like Playwright's browser), stdout overflow
// must be recorded rather than thrown, and only a tail of stderr is kept.

export type TerminationReason =
  "exit" | "signal" | "timeout" | "max_buffer" | "aborted" | "spawn_error";

export interface ChildOptions {
  /** A shell command line; it runs in its own process group. */
  command: string;
  cwd: string;
  env?: NodeJS.ProcessEnv | undefined;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number | undefined;
  maxStdoutBytes?: number | undefined;
  stderrTailLines?: number | undefined;
  signal?: AbortSignal | undefined;
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
}

export const DEFAULT_MAX_STDOUT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_KILL_GRACE_MS = 3000;
export const DEFAULT_STDERR_TAIL_LINES = 200;

async function waitUntilGone(run: RunProcesses, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (run.sample().length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
}

/** Stop everything the run started: SIGTERM, a grace period, then SIGKILL. */
async function stopRun(pgid: number, graceMs: number, run: RunProcesses): Promise<void> {
  const live = run.sample();
  if (live.length === 0) return;
  signalGroup(pgid, "SIGTERM");
  signalAll(live, "SIGTERM");
  if (await waitUntilGone(run, graceMs)) return;
  signalGroup(pgid, "SIGKILL");
  signalAll(run.sample(), "SIGKILL");
  await waitUntilGone(run, 1000);
}

/** How often the run's process tree is sampled, to catch children that detach. */
const SAMPLE_INTERVAL_MS = 500;

export function runChild(options: ChildOptions): Promise<ChildResult> {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const stdout = new BoundedCapture(options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT_BYTES);
  const stderr = new TailCapture(options.stderrTailLines ?? DEFAULT_STDERR_TAIL_LINES);
  const started = performance.now();
  let reason: TerminationReason | undefined;

  return new Promise<ChildResult>((resolve) => {
    const child = spawn(options.command, {
      shell: true,
      detached: true,
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pid = child.pid;
    const run = pid === undefined ? undefined : new RunProcesses(pid);
    const sampler = setInterval(() => run?.sample(), SAMPLE_INTERVAL_MS);
    let stopping: Promise<void> | undefined;
    let exitInfo: { code: number | null; signal: string | null; durationMs: number } | undefined;

    const terminate = (why: TerminationReason) => {
      if (reason !== undefined || exitInfo !== undefined || pid === undefined || !run) return;
      reason = why;
      stopping = stopRun(pid, killGraceMs, run);
    };
    const timer = setTimeout(() => terminate("timeout"), options.timeoutMs);
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
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));

    const finish = (spawnError: string | null) => {
      clearTimeout(timer);
      clearInterval(sampler);
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
        command: options.command,
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
        spawnError,
      });
    };

    child.once("error", (error) => {
      if (pid === undefined) finish(error.message);
    });
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal, durationMs: performance.now() - started };
      clearTimeout(timer);
      void (async () => {
        if (pid !== undefined && run) {
          await stopping;
          // Whatever the runner left behind (a server, a browser, a stuck grandchild) goes too.
          await stopRun(pid, killGraceMs, run);
        }
        if (!isClosed)
          await Promise.race([closed, sleep(killGraceMs + 1000, undefined, { ref: false })]);
        child.stdout.destroy();
        child.stderr.destroy();
        finish(null);
      })();
    });
  });
}
