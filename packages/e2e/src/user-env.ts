import { delimiter } from "node:path";
import type { Published } from "./publish.js";

/**
 * A user's shell for an app outside the workspace: none of the settings turbo, pnpm and
 * vitest hand the test process (the workspace's node_modules/.bin off PATH too), npm's,
 * pnpm's and yarn's registry pointed at the test registry, `marker` set so leftovers can be
 * found, and the machine's Chromium for Playwright.
 */
export function userEnv(
  published: Published,
  marker: string,
  yarnCache: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(TURBO_|npm_|pnpm_|PNPM_|YARN_|VITEST|NODE_OPTIONS$|INIT_CWD$)/i.test(key))
      delete env[key];
  const url = `${published.url}/`;
  return {
    ...env,
    PATH: (process.env.PATH ?? "")
      .split(delimiter)
      .filter((folder) => !/[\\/]node_modules[\\/]\.bin$/.test(folder))
      .join(delimiter),
    [marker]: "1",
    VERIFY_BROWSER_PATH: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
    npm_config_registry: url,
    // pnpm 12 reads its own prefix, not npm's.
    pnpm_config_registry: url,
    // pnpm 12 holds back releases younger than a day (minimumReleaseAge). Ours were published
    // seconds ago, so `pnpm add` wrote an exclusion for them into pnpm-workspace.yaml and the
    // first `pnpm exec` after it re-verified the whole lockfile against the registry (~10-20 s,
    // ~3 s of Verdaccio's CPU). A user installing a release older than a day meets neither.
    pnpm_config_minimum_release_age: "0",
    YARN_REGISTRY: url,
    YARN_CACHE_FOLDER: yarnCache,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
}
