import type { BrowserCheck } from "@agent-verify/contract";
import { openBrowser } from "./browser/launch.js";
import { resolveBrowser } from "./browser/resolve.js";
import { settleWithin } from "./deadline.js";
import { RunnerError, messageOf } from "./errors.js";
import { loadManifestCached } from "./manifest-cache.js";

/**
 * Which browser a flow run would use, and whether it starts: resolve it exactly as a
 * run does, launch (or connect), read its version, close. For `verify-manager doctor`.
 */
export async function checkBrowser(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BrowserCheck> {
  let config;
  try {
    config = (await loadManifestCached(dir)).browser;
  } catch (error) {
    return {
      schema_version: 1,
      ok: false,
      error: messageOf(error),
      hint: "fix .verify/workflows.yaml",
    };
  }
  try {
    const target = await resolveBrowser(config, env);
    const where =
      target.kind === "connect"
        ? { ws_endpoint: target.wsEndpoint }
        : { executable_path: target.executablePath ?? "" };
    const browser = await openBrowser(target, config);
    const version = browser.version();
    await settleWithin(browser.close(), 5000);
    return { schema_version: 1, ok: true, source: target.source, ...where, version };
  } catch (error) {
    const hint = error instanceof RunnerError ? error.hint : undefined;
    return { schema_version: 1, ok: false, error: messageOf(error), ...(hint ? { hint } : {}) };
  }
}
