import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { WebServer } from "@agent-verify/contract";
import { staticServerUrl, staticWebServer } from "@agent-verify/contract/constants";
import { envMs } from "../env-limits.js";
import { RunnerError } from "../errors.js";
import { isAnswering } from "@agent-verify/contract/shared-server";

export interface StartedServer {
  readonly pid: number | undefined;
  stop(): Promise<void>;
  /** Last-resort synchronous kill, for process exit handlers. */
  killNow(): void;
}

/** What the guard runs and how the runner knows it is up. */
interface Launch {
  /** For messages: the command, or "static server for DIR". */
  label: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  url: string;
  timeoutS: number;
  hint: string;
}

function moduleFile(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

/** The built-in static server's command line for a `static` folder (refused when missing). */
export function staticServerArgv(
  served: NonNullable<ReturnType<typeof staticWebServer>>,
  dir: string,
): { folder: string; argv: string[] } {
  const folder = resolve(dir, served.static);
  if (!isFolder(folder)) {
    throw new RunnerError("web_server_failed", `web_server.static: ${folder} is not a folder`, {
      hint: "build the app first, or point web_server.static at the folder holding index.html",
    });
  }
  const argv = [
    process.execPath,
    moduleFile("static-server.js"),
    folder,
    String(served.port),
    String(served.spa_fallback),
  ];
  return { folder, argv };
}

/** A command server, or the built-in static server for a `static` folder. */
function launchOf(config: WebServer, dir: string): Launch {
  const served = staticWebServer(config);
  if (!served) {
    return {
      label: `web server '${config.command}'`,
      env: { VERIFY_WEB_SERVER_COMMAND: config.command },
      cwd: resolve(dir, config.cwd ?? "."),
      url: config.url ?? "",
      timeoutS: config.timeout_s,
      hint: "run the web_server command by hand to see why it stops",
    };
  }
  const { folder, argv } = staticServerArgv(served, dir);
  return {
    label: `static server for ${folder}`,
    env: { VERIFY_WEB_SERVER_ARGV: JSON.stringify(argv) },
    cwd: dir,
    url: staticServerUrl(served.port),
    timeoutS: served.timeout_s,
    hint: `free port ${served.port} or change web_server.port`,
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
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
 * Start the manifest's web server through guard.js, in its own process group (its
 * output goes to our stderr), and wait until it answers. Stopping kills the whole
 * group; so does the guard when this process dies, however it dies.
 */
export async function startWebServer(
  config: WebServer,
  dir: string,
  signal?: AbortSignal,
): Promise<StartedServer> {
  const launch = launchOf(config, dir);
  const child = spawn(process.execPath, [moduleFile("guard.js")], {
    cwd: launch.cwd,
    detached: true,
    env: { ...process.env, ...launch.env },
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
      // The guard SIGKILLs a group that ignores SIGTERM after its grace, then exits.
      killGroup(child, "SIGTERM");
      const wait = envMs(process.env, "VERIFY_WEB_SERVER_GRACE_MS", 1000, 60_000) + 2000;
      const stopped = await Promise.race([exit.then(() => true), delay(wait).then(() => false)]);
      if (!stopped) killGroup(child, "SIGKILL");
      // Sweep the group once more, for anything that outlived the guard.
      killGroup(child, "SIGKILL");
    },
  };
  const deadline = Date.now() + launch.timeoutS * 1000;
  while (Date.now() < deadline) {
    if (signal?.aborted) break;
    if (exited) {
      throw new RunnerError(
        "web_server_failed",
        `${launch.label} exited (code ${child.exitCode}) before ${launch.url} answered`,
        { hint: launch.hint },
      );
    }
    if (await isAnswering(launch.url, 1000)) return server;
    await delay(150);
  }
  await server.stop();
  throw new RunnerError(
    "web_server_failed",
    `${launch.label} did not answer at ${launch.url} within ${launch.timeoutS} s`,
    { hint: "check web_server.command and web_server.url, or raise web_server.timeout_s" },
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
