import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { BrowserConfig } from "@agent-verify/contract";
import { settleWithin } from "../deadline.js";
import { appBaseUrl, basePath, keepBasePath } from "./base-url.js";
import type { TraceGroups } from "../flows/steps.js";
import { PageEvidence } from "./evidence.js";
import { childPids, newBrowserPids } from "./child-pids.js";
import { openBrowser } from "./launch.js";
import type { BrowserTarget } from "./resolve.js";

export interface FailureCapture {
  url?: string;
  screenshot?: string;
  ariaSnapshot?: string;
}

/** One browser, one context, one page for a flow run, plus what they saw. */
export class BrowserSession {
  readonly evidence = new PageEvidence();
  browser: Browser | undefined;
  context: BrowserContext | undefined;
  page: Page | undefined;
  private tracing = false;
  private browserPids: number[] = [];

  /**
   * `actionTimeoutMs` bounds each Playwright action and wait, so that a missing element
   * fails with Playwright's own message well before the flow's deadline.
   */
  async open(
    target: BrowserTarget,
    config: BrowserConfig | undefined,
    baseURL: string | undefined,
    actionTimeoutMs: number,
    trace: boolean,
  ): Promise<void> {
    const before = new Set(childPids());
    this.browser = await openBrowser(target, config);
    this.browserPids = newBrowserPids(before);
    const withPath = baseURL !== undefined && basePath(baseURL) !== "/";
    this.context = await this.browser.newContext(
      baseURL ? { baseURL: withPath ? appBaseUrl(baseURL) : baseURL } : {},
    );
    this.context.setDefaultTimeout(actionTimeoutMs);
    this.evidence.watch(this.context);
    if (withPath) {
      process.stderr.write(
        `verify-runner: base_url ${baseURL} has a path: page.goto("/x") opens ${appBaseUrl(baseURL)}x; ` +
          "other URL arguments (toHaveURL, request) resolve as Playwright does\n",
      );
      this.context.on("page", (page) => keepBasePath(page, baseURL));
    }
    if (trace) {
      // DOM snapshots only: the screencast filmstrip costs ~0.5 s of CPU per flow here,
      // and the failure screenshot is taken separately.
      await this.context.tracing.start({ screenshots: false, snapshots: true });
      this.tracing = true;
    }
    this.page = await this.context.newPage();
  }

  /** While a trace records: a step's actions as one group named after it in the trace viewer. */
  traceGroups(): TraceGroups | undefined {
    const context = this.context;
    if (!this.tracing || !context) return undefined;
    return {
      start: async (name) => {
        await context.tracing.group(name);
      },
      end: () => context.tracing.groupEnd(),
    };
  }

  /** Screenshot, URL and ARIA snapshot of the page at the moment of failure. */
  async captureFailure(screenshotPath: () => string, budgetMs: number): Promise<FailureCapture> {
    const page = this.page;
    if (!page || page.isClosed()) return {};
    const capture: FailureCapture = { url: page.url() };
    const path = screenshotPath();
    const shot = await settleWithin(
      page.screenshot({ path, fullPage: true, timeout: budgetMs }),
      budgetMs,
    );
    if (shot) capture.screenshot = path;
    const aria = await settleWithin(
      page.locator("body").ariaSnapshot({ timeout: budgetMs }),
      budgetMs,
    );
    if (aria !== undefined) capture.ariaSnapshot = aria;
    return capture;
  }

  /** Stop tracing; keep the trace at `path()` when `keep`. */
  async finishTrace(
    keep: boolean,
    path: () => string,
    budgetMs: number,
  ): Promise<string | undefined> {
    if (!this.tracing || !this.context) return undefined;
    this.tracing = false;
    const file = keep ? path() : undefined;
    const done = await settleWithin(
      this.context.tracing.stop(file ? { path: file } : {}).then(() => true),
      budgetMs,
    );
    return done && file ? file : undefined;
  }

  /** Close everything within `budgetMs`; a browser that will not close is killed. */
  async close(budgetMs: number): Promise<void> {
    if (!this.browser) return;
    const closed = await settleWithin(
      this.browser.close().then(() => true),
      budgetMs,
    );
    if (!closed) this.killNow();
    this.browserPids = [];
    // Closed means no page: nothing later captures from (or traces) a closed browser.
    this.browser = undefined;
    this.context = undefined;
    this.page = undefined;
    this.tracing = false;
  }

  killNow(): void {
    for (const target of this.browserPids.flatMap((pid) => [-pid, pid])) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}
