import type { Manifest } from "@agent-verify/contract";
import {
  acquireSharedServer,
  SharedServerError,
  type SharedServerLease,
} from "@agent-verify/contract/shared-server";
import { FlowAbortedError, RunnerError } from "./errors.js";

/**
 * The manifest's web server for this run, shared with every other runner or manager
 * using the same URL (see @agent-verify/contract/shared-server); undefined when the
 * manifest has none or no base URL needs it.
 */
export async function leaseWebServer(
  manifest: Manifest,
  dir: string,
  baseURL: string | undefined,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<SharedServerLease | undefined> {
  if (!baseURL || !manifest.web_server) return undefined;
  try {
    return await acquireSharedServer({ config: manifest.web_server, dir, baseURL, env, signal });
  } catch (error) {
    if (!(error instanceof SharedServerError)) throw error;
    if (error.reason === "interrupted") throw new FlowAbortedError("interrupted", "interrupted");
    throw new RunnerError("web_server_failed", error.message, { hint: error.hint, cause: error });
  }
}
