import type { BrowserContext, Page } from "@playwright/test";

/** Console errors, uncaught page exceptions and failed requests seen while the flow ran. */
export class PageEvidence {
  readonly consoleErrors: string[] = [];
  readonly pageErrors: string[] = [];
  readonly failedRequests: string[] = [];
  private static readonly LIMIT = 50;

  watch(context: BrowserContext): void {
    context.on("page", (page) => this.watchPage(page));
    context.on("requestfailed", (request) =>
      this.push(
        this.failedRequests,
        `${request.method()} ${request.url()} ${request.failure()?.errorText ?? "failed"}`,
      ),
    );
    context.on("response", (response) => {
      if (response.status() >= 400 && !this.isFailedRequest(response.url())) {
        this.push(
          this.failedRequests,
          `${response.status()} ${response.request().method()} ${response.url()}`,
        );
      }
    });
  }

  private isFailedRequest(url: string): boolean {
    return this.failedRequests.some((entry) => entry.split(" ").includes(url));
  }

  private watchPage(page: Page): void {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      const url = message.location().url;
      // Chromium's own loads (the favicon) reach the console but no response event: the
      // console and the failed requests name the same request, with its URL.
      const failedLoad = /^Failed to load resource: .*?status of (\d{3})/.exec(text);
      if (failedLoad && url) {
        this.push(this.consoleErrors, `${text}: ${url}`);
        if (!this.isFailedRequest(url)) this.push(this.failedRequests, `${failedLoad[1]} ${url}`);
        return;
      }
      this.push(this.consoleErrors, text);
    });
    page.on("pageerror", (error) => {
      this.push(this.consoleErrors, `uncaught: ${error.message}`);
      this.push(this.pageErrors, pageErrorText(error));
    });
  }

  private push(list: string[], entry: string): void {
    if (list.length < PageEvidence.LIMIT) list.push(entry);
  }
}

/** `TypeError: x is undefined (at http://host/app.js:12)`: the message and where the page threw it. */
export function pageErrorText(error: Error): string {
  const head = `${error.name || "Error"}: ${error.message.split("\n")[0]}`;
  const frame = /\(?((?:https?|file):\/\/[^\s()]+:\d+):\d+\)?/.exec(error.stack ?? "");
  return frame ? `${head} (at ${frame[1]})` : head;
}
