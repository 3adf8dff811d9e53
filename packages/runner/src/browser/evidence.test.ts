import { EventEmitter } from "node:events";
import type { BrowserContext } from "@playwright/test";
import { describe, expect, it } from "vitest";
import { PageEvidence } from "./evidence.js";

/** A context and page that emit what Playwright's do (only the members PageEvidence reads). */
function fakeContext() {
  const context = new EventEmitter();
  const page = new EventEmitter();
  const evidence = new PageEvidence();
  evidence.watch(context as unknown as BrowserContext);
  context.emit("page", page);
  const consoleError = (text: string, url: string) =>
    page.emit("console", { type: () => "error", text: () => text, location: () => ({ url }) });
  const response = (status: number, url: string) =>
    context.emit("response", {
      status: () => status,
      url: () => url,
      request: () => ({ method: () => "GET" }),
    });
  return { evidence, consoleError, response };
}

const NOT_FOUND = "Failed to load resource: the server responded with a status of 404 (Not Found)";

describe("PageEvidence", () => {
  it("a 404 only the console saw (the favicon) is a failed request too, named by its URL", () => {
    const { evidence, consoleError } = fakeContext();
    consoleError(NOT_FOUND, "http://127.0.0.1:4173/favicon.ico");
    expect(evidence.consoleErrors).toEqual([`${NOT_FOUND}: http://127.0.0.1:4173/favicon.ico`]);
    expect(evidence.failedRequests).toEqual(["404 http://127.0.0.1:4173/favicon.ico"]);
  });

  it("a 404 seen as a response and in the console is one failed request", () => {
    const { evidence, consoleError, response } = fakeContext();
    response(404, "http://127.0.0.1:4173/api/nope");
    consoleError(NOT_FOUND, "http://127.0.0.1:4173/api/nope");
    expect(evidence.failedRequests).toEqual(["404 GET http://127.0.0.1:4173/api/nope"]);
  });

  it("other console errors are kept as the page printed them", () => {
    const { evidence, consoleError } = fakeContext();
    consoleError("boom", "http://127.0.0.1:4173/app.js");
    expect(evidence.consoleErrors).toEqual(["boom"]);
    expect(evidence.failedRequests).toEqual([]);
  });
});
