import type { BrowserServerInfo } from "@agent-verify/contract";
import { HEADLESS_ARGS } from "./browser/launch.js";
import { resolveBrowser } from "./browser/resolve.js";
import { settleWithin } from "./deadline.js";
import { messageOf } from "./errors.js";
import { loadManifestCached } from "./manifest-cache.js";
import { playwrightCore } from "./playwright-modules.js";

export interface BrowserServerHandle {
  info: BrowserServerInfo;
  /** Resolves when the browser is closed (stdin ended, idle, SIGTERM). */
  closed: Promise<void>;
}

/**
 * `verify-runner --browser-server`: launch the browser a flow run would use as a
 * Playwright browser server, so that the runners of one manager run connect to it
 * (each in a fresh context) instead of launching their own. It stays up while its
 * stdin stays open and is not silent for `idleTimeoutS`: the supervisor holds the
 * pipe and writes to it now and then, so its death (kill -9 included) ends the browser.
 */
export async function serveBrowser(
  dir: string,
  idleTimeoutS: number,
): Promise<BrowserServerHandle> {
  let server;
  try {
    const config = (await loadManifestCached(dir)).browser;
    const target = await resolveBrowser(config, process.env);
    if (target.kind === "connect") {
      throw new Error(`a browser server is configured already (${target.source})`);
    }
    const { chromium } = playwrightCore();
    server = await chromium.launchServer({
      executablePath: target.executablePath,
      headless: config?.headless ?? true,
      args: [...HEADLESS_ARGS, ...(config?.args ?? [])],
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    const info: BrowserServerInfo = {
      schema_version: 1,
      ok: false,
      error: messageOf(error).split("\n")[0] ?? "",
    };
    return { info, closed: Promise.resolve() };
  }
  const running = server;
  const closed = new Promise<void>((done) => {
    let idle: NodeJS.Timeout | undefined;
    let closing = false;
    const close = () => {
      if (closing) return;
      closing = true;
      clearTimeout(idle);
      void settleWithin(
        running.close().then(() => true),
        3000,
      ).then(async (ok) => {
        if (ok === undefined) await settleWithin(running.kill(), 2000);
        done();
      });
    };
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(close, idleTimeoutS * 1000);
    };
    process.stdin.on("data", arm);
    process.stdin.once("end", close);
    process.stdin.once("error", close);
    process.stdin.resume();
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.once(signal, close);
    running.process().once("exit", close);
    arm();
  });
  const pid = running.process().pid;
  return {
    info: {
      schema_version: 1,
      ok: true,
      ws_endpoint: running.wsEndpoint(),
      ...(pid ? { browser_pid: pid } : {}),
    },
    closed,
  };
}
