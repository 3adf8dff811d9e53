import { afterAll, beforeAll } from "vitest";
import { startShop, type RunningShop } from "../src/app.js";
import type { BugName } from "../src/config.js";

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
}

export function collapseWhitespace(html: string): string {
  return html.replace(/\s+/g, " ").replace(/ >/g, ">");
}

/** A visitor: fetch with a cookie jar and no redirect following, so tests see the 303s. */
export class ShopClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: "manual",
    });
    this.#storeCookies(response);
    return response;
  }

  async json(
    path: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.request(path, options);
    return { status: response.status, body: await response.json() };
  }

  /** The page with whitespace runs collapsed, so assertions do not depend on line breaks. */
  async page(
    path: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; html: string }> {
    const response = await this.request(path, options);
    return { status: response.status, html: collapseWhitespace(await response.text()) };
  }

  async logIn(username = "demo", password = "demo-pass"): Promise<Response> {
    return this.request("/login", { form: { username, password, next: "/" } });
  }

  async addToCart(productId: string, quantity = 1): Promise<void> {
    const response = await this.request("/api/cart", { json: { productId, quantity } });
    if (response.status !== 200) throw new Error(`add to cart answered ${response.status}`);
  }

  #storeCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (/Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Starts a shop on a free port for the tests of one file; `shop()` returns it. */
export function useShop(bugs: BugName[] = []): () => RunningShop {
  let running: RunningShop | undefined;
  beforeAll(async () => {
    running = await startShop({ port: 0, bugs, log: () => {} });
  });
  afterAll(async () => {
    await running?.close();
  });
  return () => {
    if (!running) throw new Error("the shop has not started");
    return running;
  };
}
