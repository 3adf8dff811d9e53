import { spawn } from "node:child_process";

export interface Exec {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface ExecOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Written to the command's stdin (else it reads an empty one). */
  input?: string;
}

/** Run a command (no shell), capture both streams; a deadline kills its process group. */
export function exec(file: string, args: readonly string[], options: ExecOptions): Promise<Exec> {
  const started = performance.now();
  const child = spawn(file, [...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  // Closed at once: a command reads its input, or the end of an empty one.
  child.stdin.on("error", () => undefined).end(options.input ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => {
    stderr += `\n[e2e] ${file} ${args.join(" ")} killed after ${options.timeoutMs} ms\n`;
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // already gone
    }
  }, options.timeoutMs ?? 120_000);
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, durationMs: performance.now() - started });
    });
  });
}

/** The command's stdout as the one JSON object it must be. */
export function jsonOf(run: Exec): Record<string, unknown> {
  try {
    return JSON.parse(run.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(
      `stdout is not one JSON object (exit ${run.code}):\n${run.stdout}\n--- stderr:\n${run.stderr.slice(-4000)}`,
    );
  }
}
