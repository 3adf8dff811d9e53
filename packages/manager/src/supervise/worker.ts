import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import type { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { TailCapture } from "./capture.js";
import { DEFAULT_KILL_GRACE_MS, DEFAULT_STDERR_TAIL_LINES, type ChildResult } from "./child.js";
import { sharedWatchdog, watchChildGroup, type Watchdog } from "./guard.js";
import { RunProcesses } from "./process-tree.js";
import { sampleEvery, stopRun } from "./stop-run.js";
import { timerMs } from "./timer-limit.js";

// A long-lived `verify-runner --worker` (flow names on stdin, one contract-3 object per line
// on stdout) under the same supervision as a one-flow runner: its own process group, in the
// shared watchdog's care from the tick it is spawned, every process it starts sampled, and
// the whole group stopped (SIGTERM, grace, SIGKILL) when a flow overruns, the run is
// aborted, it prints too much, or it is closed.

/** A result line longer than this is not a result (the same bound as a one-flow runner's stdout). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface WorkerOptions {
  /** The runner_command with `{flow}` = `--worker` (a shell command line). */
  command: string;
  cwd: string;
  env?: NodeJS.ProcessEnv | undefined;
  killGraceMs?: number | undefined;
  maxLineBytes?: number | undefined;
}

type TurnEnd = "line" | "exit" | "timeout" | "aborted" | "max_buffer";

interface Turn {
  stderr: TailCapture;
  /** A line that came while the worker was being stopped: kept, as a one-flow runner's stdout is. */
  line: string;
  done: (end: TurnEnd, line: string) => void;
}

/** One runner process that runs flows one after another, each under its own deadline. */
export class RunnerWorker {
  private readonly child: ChildProcessWithoutNullStreams;
  /** The worker's stdin, held here rather than by `child` (see the constructor). */
  private readonly stdin: Writable;
  private readonly pid: number | undefined;
  private readonly watchdog: Watchdog | undefined;
  private readonly run: RunProcesses | undefined;
  private readonly stopSampling: () => void;
  private readonly killGraceMs: number;
  private readonly maxLineBytes: number;
  private readonly exited: Promise<void>;
  private exit: { code: number | null; signal: string | null } | undefined;
  private spawnError: NodeJS.ErrnoException | null = null;
  private stopping: Promise<void> | undefined;
  private stopReason: TurnEnd | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflowBytes = 0;
  private turn: Turn | undefined;
  /** False once the worker ended, was stopped, or printed a line nobody asked for. */
  private inSync = true;
  /** The flows this worker was asked for. */
  private readonly ran = new Set<string>();
  private readonly stdoutClosed: Promise<void>;

  constructor(private readonly options: WorkerOptions) {
    this.killGraceMs = timerMs(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    sharedWatchdog();
    this.child = spawn(options.command, {
      shell: true,
      detached: true,
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.pid = this.child.pid;
    // Node destroys `child.stdin` when the child itself exits. Under `sh -c` (dash does not exec
    // the last command) the shell is the child, and it dies on a stop's SIGTERM at once: the
    // runner under it then saw its stdin end before it had handled the SIGTERM, and a worker
    // that ends on stdin's end died without printing its `interrupted` line. The stdin is ours
    // until the whole group is gone.
    this.stdin = this.child.stdin;
    (this.child as { stdin: Writable | null }).stdin = null;
    // In the same tick as the spawn: a manager killed from here on still takes the group down.
    this.watchdog =
      this.pid === undefined ? undefined : watchChildGroup(this.pid, this.killGraceMs);
    this.run = this.pid === undefined ? undefined : new RunProcesses(this.pid);
    this.stopSampling = this.run ? sampleEvery(this.run) : () => undefined;
    this.stdin.on("error", () => undefined); // a worker gone between flows: its exit says so
    this.child.stdout.on("data", (chunk: Buffer) => this.onStdout(chunk));
    this.stdoutClosed = new Promise((done) => this.child.stdout.once("close", () => done()));
    this.child.stderr.on("data", (chunk: Buffer) => this.turn?.stderr.push(chunk));
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => {
        if (this.pid !== undefined) return;
        this.spawnError = error;
        this.exit = { code: null, signal: null };
        this.ended();
        resolve();
      });
      this.child.once("exit", (code, signal) => {
        this.exit = { code, signal };
        void this.afterExit().then(resolve);
      });
    });
  }

  /** Whether this worker was asked for `flow` before. */
  hasRun(flow: string): boolean {
    return this.ran.has(flow);
  }

  /** Alive and in step: the next flow may go to it. */
  get usable(): boolean {
    return this.inSync && this.exit === undefined && this.stopping === undefined;
  }

  /** Run one flow; the result carries its one line as stdout (or how the worker ended). */
  runFlow(flow: string, timeoutMs: number, signal?: AbortSignal): Promise<ChildResult> {
    const started = performance.now();
    const stderr = new TailCapture(DEFAULT_STDERR_TAIL_LINES);
    if (!this.usable) {
      // The pool never hands one out; if it happens, the flow is reported as the worker's end.
      void this.stopFor("exit");
      return this.exited.then(() => this.resultOf(flow, "exit", "", stderr, started));
    }
    return new Promise((resolve) => {
      const onAbort = () => void this.stopFor("aborted");
      const timer = setTimeout(() => void this.stopFor("timeout"), timerMs(timeoutMs));
      let settled = false;
      const done = (end: TurnEnd, line: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.turn = undefined;
        resolve(this.resultOf(flow, end, line, stderr, started));
      };
      this.turn = { stderr, line: "", done };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (signal?.aborted) onAbort();
      // Names come from --list (validated flow names): one line, nothing for a shell to see.
      this.ran.add(flow);
      this.stdin.write(`${flow}\n`);
    });
  }

  /** End the worker: stdin closed, a grace to exit, then its whole group stopped. */
  async close(): Promise<void> {
    if (this.exit === undefined && this.stopping === undefined) {
      this.run?.sample();
      this.stdin.end();
      await Promise.race([this.exited, sleep(this.killGraceMs, undefined, { ref: false })]);
    }
    if (this.exit === undefined) await this.stopFor("exit");
    await this.exited;
  }

  private onStdout(chunk: Buffer): void {
    if (this.overflowBytes > 0) return;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      this.pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending).toString("utf8");
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
      this.onLine(line);
    }
    const rest = chunk.subarray(start);
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.pendingBytes > this.maxLineBytes) {
      // Counted as it comes (a line is never re-scanned), then nothing more is kept.
      this.overflowBytes = this.pendingBytes;
      this.pending = [];
      void this.stopFor("max_buffer");
    }
  }

  private onLine(line: string): void {
    if (line.trim() === "") return;
    if (!this.turn) {
      // Printed between flows: whatever comes next cannot be matched to a flow.
      this.inSync = false;
    } else if (this.stopReason === undefined) {
      // What the flow left running (a detached escapee) is seen before the worker goes on.
      this.run?.sample();
      this.turn.done("line", line);
    } else if (this.turn.line === "") {
      this.turn.line = line;
    }
  }

  /** Stop the whole group; the flow under way ends as `end` once the worker is gone. */
  private stopFor(end: TurnEnd): Promise<void> {
    this.inSync = false;
    this.stopReason ??= end;
    if (
      this.stopping === undefined &&
      this.exit === undefined &&
      this.pid !== undefined &&
      this.run
    )
      this.stopping = stopRun(this.pid, this.killGraceMs, this.run);
    return this.stopping ?? Promise.resolve();
  }

  private async afterExit(): Promise<void> {
    this.inSync = false;
    if (this.pid !== undefined && this.run) {
      await this.stopping;
      // Whatever the worker left behind (a server, a browser, a stuck grandchild) goes too.
      await stopRun(this.pid, this.killGraceMs, this.run);
      // The line it wrote just before it ended (its `interrupted` result) may still be in the pipe.
      await Promise.race([
        this.stdoutClosed,
        sleep(this.killGraceMs + 1000, undefined, { ref: false }),
      ]);
    }
    this.ended();
  }

  private ended(): void {
    this.stopSampling();
    this.watchdog?.release();
    this.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    const turn = this.turn;
    turn?.done(this.stopReason ?? "exit", turn.line);
  }

  private resultOf(
    flow: string,
    end: TurnEnd,
    line: string,
    stderr: TailCapture,
    started: number,
  ): ChildResult {
    const exited = end !== "line";
    const exit = exited ? this.exit : undefined;
    return {
      command: `${this.options.command} (flow ${flow})`,
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      timedOut: end === "timeout",
      isTerminated: (exit?.signal ?? null) !== null,
      isMaxBuffer: end === "max_buffer",
      durationMs: Math.round(performance.now() - started),
      stdout: line,
      stdoutBytes: end === "max_buffer" ? this.overflowBytes : Buffer.byteLength(line),
      stderr: stderr.text(),
      terminationReason:
        this.spawnError !== null
          ? "spawn_error"
          : end === "line" || end === "exit"
            ? exit?.signal
              ? "signal"
              : "exit"
            : end,
      spawnError: this.spawnError?.message ?? null,
      spawnErrorCode: this.spawnError === null ? null : (this.spawnError.code ?? "ESPAWN"),
    };
  }
}
