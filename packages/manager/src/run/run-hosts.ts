import type { Manifest } from "@agent-verify/contract";
import { staticServerUrl, staticWebServer } from "@agent-verify/contract/constants";
import {
  acquireSharedServer,
  holdSharedServer,
  SharedServerError,
  type SharedServerLease,
} from "@agent-verify/contract/shared-server";
import { startBrowserHost, wantsBrowserHost, type BrowserHost } from "./browser-host.js";

/** What every runner of one manager run shares: the web server's lease and a warm browser. */
export interface RunHosts {
  /** The environment each runner gets (VERIFY_BASE_URL, VERIFY_BROWSER_WS_ENDPOINT when shared). */
  readonly env: NodeJS.ProcessEnv;
  /** Why the run cannot be made (the web server never came up), or null. */
  readonly setupError: string | null;
  /** Why there is no shared browser although one was wanted, or null. */
  readonly browserNote: string | null;
  close(): Promise<void>;
}

export interface RunHostsOptions {
  /** How many flows will run: a shared browser only pays off for two or more. */
  flows: number;
  /** The runner's --list offers `browser-server`. */
  browserServer: boolean;
  signal?: AbortSignal | undefined;
}

async function leaseServer(
  dir: string,
  manifest: Manifest,
  baseURL: string | undefined,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal | undefined,
): Promise<{ lease: SharedServerLease | null; error: string | null }> {
  const server = manifest.web_server;
  // A static web_server is the runner's own built-in server: the runners start it and share it
  // through one lease (the manager cannot start it: it never imports the runner). The manager
  // holds that lease for the run, so that the server is started once, not once per flow.
  const served = staticWebServer(server);
  if (served) {
    // Not held (its lease folder stayed locked): the runs still work, each starting it anew.
    const lease = await holdSharedServer(staticServerUrl(served.port), env).catch(() => null);
    return { lease, error: null };
  }
  if (!baseURL || !server?.command || !server.url) return { lease: null, error: null };
  const config = {
    command: server.command,
    url: server.url,
    timeout_s: server.timeout_s,
    cwd: server.cwd,
  };
  try {
    const lease = await acquireSharedServer({
      config,
      dir,
      baseURL,
      env,
      signal,
    });
    return { lease, error: null };
  } catch (error) {
    if (!(error instanceof SharedServerError)) throw error;
    const message =
      error.reason === "interrupted"
        ? "the run was interrupted"
        : `web_server_failed: ${error.message} (hint: ${error.hint})`;
    return { lease: null, error: message };
  }
}

/**
 * Start what the runs share, once: the manifest's web server (when its URL does not
 * answer already; the lease is shared with any other run on this machine using the
 * same URL) and, for two or more flows, a browser server the runners connect to.
 */
export async function openRunHosts(
  dir: string,
  manifest: Manifest,
  env: NodeJS.ProcessEnv,
  options: RunHostsOptions,
): Promise<RunHosts> {
  const baseURL = env.VERIFY_BASE_URL || manifest.base_url;
  const warm = options.browserServer && options.flows >= 2 && wantsBrowserHost(manifest, env);
  const [server, browser] = await Promise.all([
    leaseServer(dir, manifest, baseURL, env, options.signal),
    warm ? startBrowserHost(dir, manifest, env) : Promise.resolve({ host: null, reason: null }),
  ]);
  const onExit = () => server.lease?.releaseNow();
  process.once("exit", onExit);
  const runnerEnv: NodeJS.ProcessEnv = { ...env };
  if (baseURL) runnerEnv.VERIFY_BASE_URL = baseURL;
  const host: BrowserHost | null = browser.host;
  if (host) runnerEnv.VERIFY_BROWSER_WS_ENDPOINT = host.wsEndpoint;
  return {
    env: runnerEnv,
    setupError: server.error,
    browserNote: browser.reason,
    close: async () => {
      process.off("exit", onExit);
      await Promise.all([server.lease?.release(), host?.close()]);
    },
  };
}
