import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { WebServer } from "@agent-verify/contract";
import { RunnerError } from "./errors.js";

/** True when `url` answers with any HTTP response within `timeoutMs`. */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export interface StartedServer {
  readonly pid: number | undefined;
  stop(): Promise<void>;
  /** Last-resort synchronous kill, for process exit handlers. */
  killNow(): void;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Start the manifest's web server through web-server-guard.js, in its own process
 * group (its output goes to our stderr), and wait until its url answers. Stopping
 * kills the whole group; so does the guard when this process dies, however it dies.
 */
export async function startWebServer(
  config: WebServer,
  dir: string,
  signal?: AbortSignal,
): Promise<StartedServer> {
  const guard = fileURLToPath(new URL("./web-server-guard.js", import.meta.url));
  const child = spawn(process.execPath, [guard], {
    cwd: resolve(dir, config.cwd ?? "."),
    detached: true,
    env: { ...process.env, VERIFY_WEB_SERVER_COMMAND: config.command },
    // stdin stays open for the guard's lifetime: if we die, it sees end-of-file.
    stdio: ["pipe", process.stderr, process.stderr],
  });
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once("exit", () => {
      exited = true;
      done();
    }),
  );
  child.once("error", () => {
    exited = true;
  });
  const server: StartedServer = {
    pid: child.pid,
    killNow: () => killGroup(child, "SIGKILL"),
    stop: async () => {
      killGroup(child, "SIGTERM");
      const stopped = await Promise.race([exit.then(() => true), delay(1500).then(() => false)]);
      if (!stopped) killGroup(child, "SIGKILL");
      // The shell may exit before its children: sweep the group once more.
      killGroup(child, "SIGKILL");
    },
  };
  const deadline = Date.now() + config.timeout_s * 1000;
  while (Date.now() < deadline) {
    if (signal?.aborted) break;
    if (exited) {
      throw new RunnerError(
        "web_server_failed",
        `web server '${config.command}' exited (code ${child.exitCode}) before ${config.url} answered`,
        {
          hint: "run the web_server command by hand to see why it stops",
        },
      );
    }
    if (await isAnswering(config.url, 1000)) return server;
    await delay(150);
  }
  await server.stop();
  throw new RunnerError(
    "web_server_failed",
    `web server '${config.command}' did not answer at ${config.url} within ${config.timeout_s} s`,
    {
      hint: "check web_server.command and web_server.url, or raise web_server.timeout_s",
    },
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
