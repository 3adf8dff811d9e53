import { spawn } from "node:child_process";
import { BoundedCapture, TailCapture } from "../supervise/capture.js";

export interface BdCall {
  bin: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** bd flushes its database on SIGTERM; SIGKILL only after this grace. */
  killGraceMs: number;
  /** Called as soon as bd has a pid (synchronously after spawn). */
  onSpawn?: ((pid: number) => void) | undefined;
  /** Called once bd has exited (or failed to start). */
  onExit?: (() => void) | undefined;
}

export interface BdCallResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  spawnErrorCode: string | null;
}

const MAX_BD_STDOUT = 16 * 1024 * 1024;

/** Run bd with an argument array (never a shell), bounded in time and output. */
export function execBd(call: BdCall): Promise<BdCallResult> {
  return new Promise((resolve) => {
    const stdout = new BoundedCapture(MAX_BD_STDOUT);
    const stderr = new TailCapture(50);
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const child = spawn(call.bin, [...call.args], {
      cwd: call.cwd,
      env: call.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.pid !== undefined) call.onSpawn?.(child.pid);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      killTimer = setTimeout(() => child.kill("SIGKILL"), call.killGraceMs);
    }, call.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    let isDone = false;
    const done = (result: Omit<BdCallResult, "stdout" | "stderr" | "timedOut">) => {
      if (isDone) return;
      isDone = true;
      call.onExit?.();
      clearTimeout(timer);
      clearTimeout(killTimer);
      resolve({ ...result, timedOut, stdout: stdout.text(), stderr: stderr.text() });
    };
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined)
        done({ exitCode: null, signal: null, spawnErrorCode: error.code ?? "ESPAWN" });
    });
    child.once("close", (code, signal) => done({ exitCode: code, signal, spawnErrorCode: null }));
    // A helper bd left running (a hook) may hold the pipes open; the exit status is enough.
    child.once("exit", (code, signal) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        done({ exitCode: code, signal, spawnErrorCode: null });
      }, 2000).unref();
    });
  });
}
