import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  addHolder,
  leaseDir,
  liveHolders,
  lock,
  logPath,
  readRecord,
  removeHolder,
  removeRecord,
  unlock,
  type SharedServerRecord,
} from "./lease-dir.js";
import { isAnswering, isPortTaken, portOf } from "./probe.js";
import { sweepIdleLeases } from "./sweep.js";
import { groupAlive, isRunning, killGraceMs, killGroup, selfId, type ProcessId } from "./proc.js";

export interface SharedServerConfig {
  command: string;
  url: string;
  timeout_s: number;
  cwd?: string | undefined;
}

export interface AcquireOptions {
  config: SharedServerConfig;
  /** The project folder; `config.cwd` is relative to it. */
  dir: string;
  /** The app's base URL: when it answers on another origin, no server is needed. */
  baseURL?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A lease on the web server: `started` (this process started it), `joined` (another
 * process did, and still uses it), `external` (something not started by agent-verify
 * answers; nothing to stop) or `held` (kept for processes this one starts, which start it).
 */
export interface SharedServerLease {
  readonly kind: "started" | "joined" | "external" | "held";
  /** Give the lease back; the last holder stops the server. */
  release(): Promise<void>;
  /** The same, synchronously and without waiting, for process exit handlers. */
  releaseNow(): void;
}

/** Why the server could not be had; the message names the command or the URL. */
export class SharedServerError extends Error {
  override readonly name = "SharedServerError";
  constructor(
    message: string,
    readonly hint: string,
    readonly reason: "exited" | "timeout" | "port_taken" | "busy" | "interrupted",
  ) {
    super(message);
  }
}

const HOST_SCRIPT = fileURLToPath(new URL("./host.js", import.meta.url));
const POLL_MS = 150;

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

function killServer(record: SharedServerRecord, signal: NodeJS.Signals): void {
  killGroup(record.server_pgid, signal);
  if (isRunning(record.host)) {
    try {
      process.kill(record.host.pid, signal);
    } catch {
      // gone already
    }
  }
}

async function stopServer(record: SharedServerRecord): Promise<void> {
  killServer(record, "SIGTERM");
  const deadline = Date.now() + killGraceMs();
  while ((groupAlive(record.server_pgid) || isRunning(record.host)) && Date.now() < deadline) {
    await sleep(50);
  }
  killServer(record, "SIGKILL");
}

function logTail(dir: string): string {
  try {
    const lines = readFileSync(logPath(dir), "utf8").trimEnd().split("\n");
    const tail = lines.slice(-5).join(" | ");
    return tail ? `; its output ends: ${tail}` : "";
  } catch {
    return "";
  }
}

class Lease implements SharedServerLease {
  private leaving = false;
  private released = false;
  constructor(
    readonly kind: SharedServerLease["kind"],
    private readonly dir: string,
    private readonly me: ProcessId,
  ) {}

  async release(): Promise<void> {
    if (this.leaving || this.kind === "external") return;
    this.leaving = true;
    removeHolder(this.dir, this.me);
    const locked = await lock(this.dir, this.me, Date.now() + 3000);
    try {
      const record = readRecord(this.dir);
      if (record && liveHolders(this.dir).length === 0) {
        await stopServer(record);
        removeRecord(this.dir);
      }
    } finally {
      if (locked) unlock(this.dir, this.me);
      this.released = true;
    }
  }

  /** Also after an unfinished release() (the process is leaving before it could finish). */
  releaseNow(): void {
    if (this.released || this.kind === "external") return;
    this.released = true;
    this.leaving = true;
    removeHolder(this.dir, this.me);
    const record = readRecord(this.dir);
    if (record && liveHolders(this.dir).length === 0) {
      killServer(record, "SIGKILL");
      removeRecord(this.dir);
    }
  }
}

/**
 * Use the manifest's web server, shared with every other runner or manager on this
 * machine that uses the same URL: join it when another process started it, start it
 * (under a host that stops it when the last lease goes, even after kill -9) when
 * nothing answers, and refuse a port that something else holds without answering.
 */
export async function acquireSharedServer(options: AcquireOptions): Promise<SharedServerLease> {
  const { config } = options;
  const env = options.env ?? process.env;
  const dir = leaseDir(config.url, env);
  const me = selfId();
  const deadline = Date.now() + config.timeout_s * 1000 + 5000;
  if (!(await lock(dir, me, deadline))) {
    throw new SharedServerError(
      `web server '${config.command}': another process kept ${dir} locked for ${config.timeout_s + 5} s`,
      "a run that started this server may be hung; stop it, or remove the lock folder",
      "busy",
    );
  }
  try {
    addHolder(dir, me);
    const kind = await joinOrStart(options, dir, env);
    if (kind === "external") removeHolder(dir, me);
    return new Lease(kind, dir, me);
  } catch (error) {
    removeHolder(dir, me);
    throw error;
  } finally {
    unlock(dir, me);
    sweepIdleLeases(dirname(dir), dir);
  }
}

/**
 * Keep the server at `url` alive for the processes this one starts, without starting it: a
 * manager over the runner's built-in static server, which the runners start (the manager never
 * imports the runner). Without it each flow's runner, the last holder when it ends, stopped the
 * server and the next flow's started it again. Released like any lease: the last holder stops
 * it; a holder killed with SIGKILL counts as gone.
 */
export async function holdSharedServer(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  waitMs = 10_000,
): Promise<SharedServerLease> {
  const dir = leaseDir(url, env);
  const me = selfId();
  if (!(await lock(dir, me, Date.now() + waitMs))) {
    throw new SharedServerError(
      `web server at ${url}: another process kept ${dir} locked for ${Math.round(waitMs / 1000)} s`,
      "a run that started this server may be hung; stop it, or remove the lock folder",
      "busy",
    );
  }
  try {
    addHolder(dir, me);
  } finally {
    unlock(dir, me);
  }
  return new Lease("held", dir, me);
}

async function joinOrStart(
  options: AcquireOptions,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<SharedServerLease["kind"]> {
  const { config } = options;
  const record = readRecord(dir);
  // Its host is alive: others use the server, or it is still starting. One slow answer (a
  // loaded machine) is no reason to stop it under them: wait for it as long as a start may take.
  if (record && isRunning(record.host) && (await answersWithin(config.url, config.timeout_s))) {
    return "joined";
  }
  if (record) {
    // Its host died (kill -9) or it has not answered for timeout_s: clear it away before starting anew.
    await stopServer(record);
    removeRecord(dir);
  }
  if (await isAnswering(config.url)) return "external";
  const base = options.baseURL;
  if (base && new URL(base).origin !== new URL(config.url).origin && (await isAnswering(base))) {
    return "external";
  }
  if (await isPortTaken(config.url)) {
    const { host, port } = portOf(config.url);
    throw new SharedServerError(
      `web server '${config.command}' cannot start: port ${port} on ${host} is taken by a process that does not answer ${config.url}`,
      `stop whatever listens on port ${port} (e.g. \`ss -ltnp 'sport = :${port}'\`), or change web_server.url and base_url`,
      "port_taken",
    );
  }
  await startServer(options, dir, env);
  return "started";
}

/** Whether `url` answers within `seconds`, each probe given the time that is left (≤ 5 s). */
async function answersWithin(url: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const left = deadline - Date.now();
    if (await isAnswering(url, Math.max(1000, Math.min(left, 5000)))) return true;
    if (Date.now() + POLL_MS >= deadline) return false;
    await sleep(POLL_MS);
  }
}

async function startServer(
  options: AcquireOptions,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { config } = options;
  const cwd = resolve(options.dir, config.cwd ?? ".");
  // Both the host and the server append to one log: opened "w", the host's writes would
  // land at its own offset, over what the server wrote.
  writeFileSync(logPath(dir), "");
  const log = openSync(logPath(dir), "a");
  let host: ChildProcess;
  try {
    host = spawn(process.execPath, [HOST_SCRIPT], {
      cwd,
      detached: true,
      env: {
        ...env,
        VERIFY_SHARED_SERVER: JSON.stringify({
          dir,
          url: config.url,
          command: config.command,
          cwd,
        }),
      },
      stdio: ["ignore", log, log],
    });
  } finally {
    closeSync(log);
  }
  host.unref();
  let exitCode: number | null | undefined;
  host.once("exit", (code) => (exitCode = code));
  host.once("error", () => (exitCode ??= null));
  const waitUntil = Date.now() + config.timeout_s * 1000;
  while (Date.now() < waitUntil) {
    if (options.signal?.aborted) {
      await stopStarted(dir, host);
      throw new SharedServerError("interrupted", "", "interrupted");
    }
    if (exitCode !== undefined) {
      throw new SharedServerError(
        `web server '${config.command}' exited (code ${exitCode}) before ${config.url} answered${logTail(dir)}`,
        "run the web_server command by hand to see why it stops",
        "exited",
      );
    }
    if (await isAnswering(config.url, 1000)) return;
    await sleep(POLL_MS);
  }
  await stopStarted(dir, host);
  throw new SharedServerError(
    `web server '${config.command}' did not answer at ${config.url} within ${config.timeout_s} s`,
    "check web_server.command and web_server.url, or raise web_server.timeout_s",
    "timeout",
  );
}

async function stopStarted(dir: string, host: ChildProcess): Promise<void> {
  const record = readRecord(dir);
  if (record) await stopServer(record);
  else if (host.pid !== undefined) {
    killGroup(host.pid, "SIGKILL");
  }
  removeRecord(dir);
}
