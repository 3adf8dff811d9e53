import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const RUNNER_PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_ROOT = resolve(RUNNER_PACKAGE, "..", "..");
export const RUNNER_BIN = join(RUNNER_PACKAGE, "bin", "verify-runner.cjs");
export const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";

/**
 * A throwaway app repo: files by relative path, with @agent-verify/runner resolvable.
 * Its package.json says `"type": "module"` unless `files` brings its own.
 */
export function makeProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-runner-test-"));
  if (!("package.json" in files)) writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  mkdirSync(join(dir, "node_modules", "@agent-verify"), { recursive: true });
  symlinkSync(RUNNER_PACKAGE, join(dir, "node_modules", "@agent-verify", "runner"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export interface RunnerRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  json: Record<string, unknown> & { status?: string; steps?: Array<Record<string, unknown>> };
}

export interface RunnerOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Send SIGTERM once stderr contains this text. */
  sigtermWhen?: string;
  /** Send SIGKILL once stderr contains this text. */
  sigkillWhen?: string;
  /** Written to stdin, which is then closed (default: no stdin). */
  input?: string;
}

export function runRunner(
  args: string[],
  options: RunnerOptions,
): Promise<RunnerRun & { sigtermAt?: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [RUNNER_BIN, ...args], {
    cwd: options.cwd,
    // The flow compile cache goes with the run's temp folder, not the user's state folder.
    env: {
      ...process.env,
      XDG_STATE_HOME: join(tmpdir(), "state"),
      VERIFY_BROWSER_PATH: CHROMIUM,
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  // No input: stdin ends at once, as /dev/null would.
  child.stdin.end(options.input ?? "");
  let stdout = "";
  let stderr = "";
  let sigtermAt: number | undefined;
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (options.sigtermWhen && sigtermAt === undefined && stderr.includes(options.sigtermWhen)) {
      sigtermAt = performance.now();
      child.kill("SIGTERM");
    }
    if (options.sigkillWhen && !child.killed && stderr.includes(options.sigkillWhen)) {
      child.kill("SIGKILL");
    }
  });
  return new Promise((done) => {
    child.on("close", (exitCode, signal) => {
      let json: RunnerRun["json"] = {};
      try {
        json = JSON.parse(stdout) as RunnerRun["json"];
      } catch {
        // Left empty: the assertions on stdout say what went wrong.
      }
      const ended = performance.now();
      done({
        exitCode,
        signal,
        stdout,
        stderr,
        json,
        durationMs: ended - started,
        ...(sigtermAt ? { sigtermAt: ended - sigtermAt } : {}),
      });
    });
  });
}

/** Pids of live processes whose environment carries `marker` (our own runs only). */
export function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker))
        found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** Each pid with its command line, for a failure message that says what was left behind. */
export function describeProcesses(pids: number[]): string[] {
  return pids.map((pid) => {
    try {
      return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ").trim()}`;
    } catch {
      return `${pid} (gone)`;
    }
  });
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export function uniqueMarker(): string {
  return `AGENT_VERIFY_TEST_${process.pid}_${Math.random().toString(36).slice(2)}`;
}

/** True when `pid` still runs (and is not a zombie). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * True when nothing listens on 127.0.0.1:`port`: a connection is refused. (Binding the port
 * instead fails whenever another process's outgoing connection uses it as its source port, as
 * the suites running beside this one do.)
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      done(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED"));
  });
}

/** Poll `check` every 100 ms until it holds or `timeoutMs` passes; returns its last value. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
}
