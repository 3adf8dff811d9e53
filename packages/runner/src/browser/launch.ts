import type { Browser } from "@playwright/test";
import type { BrowserConfig } from "@agent-verify/contract";
import { RunnerError, messageOf } from "../errors.js";
import { playwrightCore } from "../playwright-modules.js";
import type { BrowserTarget } from "./resolve.js";

/** Flags for headless Chromium on locked-down machines (no sandbox as root, no network chatter). */
export const HEADLESS_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const LAUNCH_TIMEOUT_MS = 30_000;

export async function openBrowser(
  target: BrowserTarget,
  config: BrowserConfig | undefined,
): Promise<Browser> {
  const { chromium } = playwrightCore();
  try {
    if (target.kind === "connect") {
      return await chromium.connect(target.wsEndpoint, { timeout: LAUNCH_TIMEOUT_MS });
    }
    return await chromium.launch({
      executablePath: target.executablePath,
      headless: config?.headless ?? true,
      args: [...HEADLESS_ARGS, ...(config?.args ?? [])],
      timeout: LAUNCH_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    const what =
      target.kind === "connect"
        ? `connect to ${target.wsEndpoint}`
        : `launch ${target.executablePath}`;
    throw new RunnerError(
      "browser_launch_failed",
      `could not ${what} (from ${target.source}): ${messageOf(error).split("\n")[0]}`,
      {
        cause: error,
      },
    );
  }
}
