import { spawn } from "node:child_process";

export interface ExecResult {
  command: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** ENOENT and friends: the program could not be started at all. */
  spawnError: NodeJS.ErrnoException | undefined;
}

export interface ExecOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
}

/** Run a program without a shell and collect its output (execa-shaped result). */
export function exec(
  file: string,
  args: readonly string[],
  options: ExecOptions,
): Promise<ExecResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let spawnError: NodeJS.ErrnoException | undefined;
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => {
      spawnError = error;
    });
    if (options.input !== undefined && child.stdin) {
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
    child.on("close", (exitCode, signal) => {
      resolve({
        command: [file, ...args].join(" "),
        exitCode,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        durationMs: performance.now() - started,
        spawnError,
      });
    });
  });
}

/** Last non-empty lines of a tool's output, for a message. */
export function tail(text: string, lines = 3): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-lines)
    .join(" | ");
}
