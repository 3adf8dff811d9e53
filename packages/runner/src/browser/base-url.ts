import type { Page } from "@playwright/test";

/** The path of a base URL, "/" when it has none. */
export function basePath(baseURL: string): string {
  return new URL(baseURL).pathname;
}

/** base_url as the browser context gets it: a path is a folder, so `goto("x")` stays inside it. */
export function appBaseUrl(baseURL: string): string {
  const url = new URL(baseURL);
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.href;
}

/**
 * Where `page.goto(url)` goes. With `base_url: http://host/examples/app/`, a root-relative
 * `/x` means the app's `/x`: `http://host/examples/app/x` (Playwright alone would drop the
 * path and open `http://host/x`). A URL that already starts with the base path, an
 * absolute URL and a relative one are left to Playwright.
 */
export function resolveAppUrl(url: string, baseURL: string): string {
  const path = basePath(appBaseUrl(baseURL));
  if (path === "/" || !url.startsWith("/") || url.startsWith("//")) return url;
  if (url.startsWith(path) || `${url}/` === path) return url;
  return new URL(url.slice(1), appBaseUrl(baseURL)).href;
}

/** Make `page.goto("/x")` resolve under the base URL's path (see resolveAppUrl). */
export function keepBasePath(page: Page, baseURL: string): void {
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(resolveAppUrl(url, baseURL), options);
}
