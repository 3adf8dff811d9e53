import type { Manifest } from "@agent-verify/contract";
import {
  acquireSharedServer,
  SharedServerError,
  type SharedServerLease,
} from "@agent-verify/contract/shared-server";

/** What every runner of one manager run shares: the web server's lease and its URL. */
export interface RunHosts {
  /** The environment each runner gets (VERIFY_BASE_URL set when there is a base URL). */
  readonly env: NodeJS.ProcessEnv;
  /** Why the run cannot be made (the web server never came up), or null. */
  readonly setupError: string | null;
  close(): Promise<void>;
}

/**
 * Start the manifest's web server once for the whole run (when its URL does not answer
 * already), so that runners join it instead of each starting and stopping their own.
 * The lease is shared with any other run on this machine using the same URL.
 */
export async function openRunHosts(
  dir: string,
  manifest: Manifest,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<RunHosts> {
  const baseURL = env.VERIFY_BASE_URL || manifest.base_url;
  const runnerEnv: NodeJS.ProcessEnv = baseURL ? { ...env, VERIFY_BASE_URL: baseURL } : env;
  if (!baseURL || !manifest.web_server) {
    return { env: runnerEnv, setupError: null, close: async () => {} };
  }
  let lease: SharedServerLease;
  try {
    lease = await acquireSharedServer({ config: manifest.web_server, dir, baseURL, env, signal });
  } catch (error) {
    if (!(error instanceof SharedServerError)) throw error;
    const setupError =
      error.reason === "interrupted"
        ? "the run was interrupted"
        : `web_server_failed: ${error.message} (hint: ${error.hint})`;
    return { env: runnerEnv, setupError, close: async () => {} };
  }
  const onExit = () => lease.releaseNow();
  process.once("exit", onExit);
  return {
    env: runnerEnv,
    setupError: null,
    close: async () => {
      process.off("exit", onExit);
      await lease.release();
    },
  };
}
