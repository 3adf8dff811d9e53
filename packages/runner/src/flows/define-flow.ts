import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { expect as playwrightExpect } from "@playwright/test";

/** What a flow's `run` receives. Only the fixtures it destructures are set up. */
export interface FlowContext {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  request: APIRequestContext;
  step: <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;
  expect: typeof playwrightExpect;
  baseURL: string | undefined;
  log: (...args: unknown[]) => void;
}

export interface FlowDefinition {
  /** Must equal the module's file name and a manifest entry. */
  name: string;
  /** Step names declared up front; the ones a failure prevents are reported `not_run`. */
  steps?: readonly string[];
  run: (context: FlowContext) => Promise<void> | void;
}

const FLOW_BRAND = Symbol.for("agent-verify.flow");

export type Flow = FlowDefinition & { readonly [FLOW_BRAND]: true };

export function defineFlow(definition: FlowDefinition): Flow {
  return Object.freeze({ ...definition, [FLOW_BRAND]: true as const });
}

export function isFlow(value: unknown): value is Flow {
  return typeof value === "object" && value !== null && (value as Flow)[FLOW_BRAND] === true;
}
