import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { BrowserConfig } from "@agent-verify/contract";
import { RunnerError } from "../errors.js";
import { playwrightCore } from "../playwright-modules.js";

export type BrowserTarget =
  | { kind: "connect"; wsEndpoint: string; source: string }
  | { kind: "launch"; executablePath: string | undefined; source: string };

const PATH_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env.PATH ?? "").split(delimiter)) {
    if (folder === "") continue;
    const candidate = join(folder, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Decide which browser to use: a running browser server (ws endpoint), else an
 * executable from VERIFY_BROWSER_PATH, the manifest, Playwright's own download,
 * or chromium/google-chrome on PATH — in that order.
 */
export async function resolveBrowser(
  config: BrowserConfig | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BrowserTarget> {
  const ws = env.VERIFY_BROWSER_WS_ENDPOINT || config?.ws_endpoint;
  if (ws) {
    const source = env.VERIFY_BROWSER_WS_ENDPOINT
      ? "VERIFY_BROWSER_WS_ENDPOINT"
      : "browser.ws_endpoint";
    return { kind: "connect", wsEndpoint: ws, source };
  }
  const explicit: Array<[string, string | undefined]> = [
    ["VERIFY_BROWSER_PATH", env.VERIFY_BROWSER_PATH || undefined],
    ["browser.executable_path", config?.executable_path],
  ];
  for (const [source, path] of explicit) {
    if (path === undefined) continue;
    if (isExecutable(path)) return { kind: "launch", executablePath: path, source };
    throw new RunnerError(
      "no_browser",
      `no browser: ${source} is ${path}, which is not an executable file`,
      {
        hint: `install Chromium there or point ${source} at an installed Chromium`,
      },
    );
  }
  const tried: string[] = [];
  const { chromium } = playwrightCore();
  const bundled = chromium.executablePath();
  if (bundled && isExecutable(bundled))
    return { kind: "launch", executablePath: bundled, source: "playwright" };
  tried.push(`Playwright's browser (${bundled || "none installed"})`);
  for (const name of PATH_NAMES) {
    const found = onPath(name, env);
    if (found) return { kind: "launch", executablePath: found, source: `PATH (${name})` };
  }
  tried.push(`${PATH_NAMES.join(", ")} on PATH`);
  throw new RunnerError(
    "no_browser",
    `no browser found: tried VERIFY_BROWSER_PATH (unset), browser.executable_path (unset), ${tried.join(", ")}`,
    {
      hint: "install Chromium (apt-get install chromium) or set VERIFY_BROWSER_PATH",
    },
  );
}
