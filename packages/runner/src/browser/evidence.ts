import type { BrowserContext, Page } from "playwright-core";

/** Console errors and failed requests seen while the flow ran. */
export class PageEvidence {
  readonly consoleErrors: string[] = [];
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
      if (response.status() >= 400) {
        this.push(
          this.failedRequests,
          `${response.status()} ${response.request().method()} ${response.url()}`,
        );
      }
    });
  }

  private watchPage(page: Page): void {
    page.on("console", (message) => {
      if (message.type() === "error") this.push(this.consoleErrors, message.text());
    });
    page.on("pageerror", (error) => this.push(this.consoleErrors, `uncaught: ${error.message}`));
  }

  private push(list: string[], entry: string): void {
    if (list.length < PageEvidence.LIMIT) list.push(entry);
  }
}
