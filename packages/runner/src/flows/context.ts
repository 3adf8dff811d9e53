import { format } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import type { BrowserSession } from "../browser/session.js";
import type { FlowContext } from "./define-flow.js";
import type { FixtureName } from "./fixtures.js";
import { step } from "./steps.js";
import { playwrightCore, playwrightTest } from "../playwright-modules.js";

export interface BuiltContext {
  context: FlowContext;
  dispose(): Promise<void>;
}

function log(...args: unknown[]): void {
  process.stderr.write(`${format(...args)}\n`);
}

/**
 * Build the object passed to `run`. Only the fixtures the flow names are set up;
 * the others throw a clear error if reached some other way.
 */
export async function buildFlowContext(
  used: ReadonlySet<FixtureName>,
  session: BrowserSession,
  baseURL: string | undefined,
): Promise<BuiltContext> {
  let ownRequest: APIRequestContext | undefined;
  let request: APIRequestContext | undefined;
  if (used.has("request")) {
    if (session.context) request = session.context.request;
    else {
      const { request: requestFactory } = playwrightCore();
      ownRequest = await requestFactory.newContext(baseURL ? { baseURL } : {});
      request = ownRequest;
    }
  }
  const expect = used.has("expect") ? playwrightTest().expect : undefined;
  const context = {
    step,
    log,
    baseURL,
    page: session.page,
    context: session.context,
    browser: session.browser,
    request,
    expect,
  } as FlowContext;
  return {
    context,
    dispose: async () => {
      await ownRequest?.dispose().catch(() => undefined);
    },
  };
}
