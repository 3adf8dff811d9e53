import type { Manifest } from "@agent-verify/contract";
import {
  acquireSharedServer,
  SharedServerError,
  type SharedServerConfig,
} from "@agent-verify/contract/shared-server";
import { FlowAbortedError, RunnerError } from "./errors.js";
import type { StartedServer } from "./web-server/start.js";

/** A command web server (command + url), which runs and managers on this machine share. */
export function sharedServerConfig(manifest: Manifest): SharedServerConfig | undefined {
  const server = manifest.web_server;
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
