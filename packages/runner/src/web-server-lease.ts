import type { Manifest } from "@agent-verify/contract";
import { staticServerUrl, staticWebServer } from "@agent-verify/contract/constants";
import { shellQuote } from "@agent-verify/contract/shell-quote";
import {
  acquireSharedServer,
  SharedServerError,
  type SharedServerConfig,
} from "@agent-verify/contract/shared-server";
import { FlowAbortedError, RunnerError } from "./errors.js";
import { staticServerArgv, type StartedServer } from "./web-server/start.js";

/**
 * The manifest's web server as runs and managers on this machine share it: a command server
 * (command + url), or the built-in static server for a `static` folder, which concurrent
 * runners (a manager's --jobs) would otherwise each start on the same port, and the first one
 * done would stop under the others.
 */
export function sharedServerConfig(
  manifest: Manifest,
  dir: string,
): SharedServerConfig | undefined {
  const server = manifest.web_server;
  const served = staticWebServer(server);
  if (served) {
    const { argv } = staticServerArgv(served, dir);
    return {
      command: argv.map(shellQuote).join(" "),
      url: staticServerUrl(served.port),
      timeout_s: served.timeout_s,
    };
  }
  if (!server?.command || !server.url) return undefined;
  return { command: server.command, url: server.url, timeout_s: server.timeout_s, cwd: server.cwd };
}

/**
 * The manifest's command web server for this run, shared with every other runner or
 * manager using the same URL (see @agent-verify/contract/shared-server): joined when
 * another process started it, started when nothing answers; undefined when something
 * not started by agent-verify answers already.
 */
export async function leaseWebServer(
  config: SharedServerConfig,
  dir: string,
  baseURL: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<StartedServer | undefined> {
  try {
    const lease = await acquireSharedServer({ config, dir, baseURL, env, signal });
    if (lease.kind === "external") return undefined;
    return { pid: undefined, stop: () => lease.release(), killNow: () => lease.releaseNow() };
  } catch (error) {
    if (!(error instanceof SharedServerError)) throw error;
    if (error.reason === "interrupted") throw new FlowAbortedError("interrupted", "interrupted");
    throw new RunnerError("web_server_failed", error.message, { hint: error.hint, cause: error });
  }
}
