import type { Manifest } from "@agent-verify/contract";
import { staticServerUrl, staticWebServer } from "@agent-verify/contract/constants";
import { RunnerError } from "../errors.js";
import { whyNotAnswering } from "@agent-verify/contract/shared-server";
import { startWebServer, type StartedServer } from "./start.js";
import { leaseWebServer, sharedServerConfig } from "../web-server-lease.js";

/** VERIFY_BASE_URL, else base_url, else where a static web_server answers. */
export function baseUrlOf(manifest: Manifest, env: NodeJS.ProcessEnv): string | undefined {
  const served = staticWebServer(manifest.web_server);
  return (
    env.VERIFY_BASE_URL || manifest.base_url || (served ? staticServerUrl(served.port) : undefined)
  );
}

export interface ReachOptions {
  manifest: Manifest;
  baseURL: string;
  dir: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

/**
 * Make sure the app answers at `baseURL` before the first step: start the manifest's
 * web server when it does not (returned, for the run to stop); without one, throw
 * `base_url_unreachable` naming the URL, the reason and the fix.
 */
export async function reachApp(options: ReachOptions): Promise<StartedServer | undefined> {
  const { manifest, baseURL } = options;
  // The web server is shared through a lease, whether this run starts it or joins it.
  const shared = sharedServerConfig(manifest, options.dir);
  if (shared) {
    return leaseWebServer(shared, options.dir, baseURL, options.env, options.signal);
  }
  const why = await whyNotAnswering(baseURL);
  if (why === undefined) return undefined;
  if (manifest.web_server) return startWebServer(manifest.web_server, options.dir, options.signal);
  const source = options.env.VERIFY_BASE_URL ? "VERIFY_BASE_URL" : "base_url";
  throw new RunnerError(
    "base_url_unreachable",
    `${source} ${baseURL} does not answer (${why}) and the manifest has no web_server`,
    {
      hint: "start the app first, set VERIFY_BASE_URL, or add web_server (command or static) to .verify/workflows.yaml",
    },
  );
}
