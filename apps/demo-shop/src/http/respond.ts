import type { ServerResponse } from "node:http";

const COMMON_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
} as const;

const PAGE_HEADERS = {
  ...COMMON_HEADERS,
  "content-security-policy": "default-src 'self'; form-action 'self'; frame-ancestors 'none'",
} as const;

export function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8" });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...COMMON_HEADERS, "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export function sendAsset(res: ServerResponse, contentType: string, body: string): void {
  res.writeHead(200, {
    "x-content-type-options": "nosniff",
    "content-type": `${contentType}; charset=utf-8`,
    "cache-control": "no-cache",
  });
  res.end(body);
}

/** 303 See Other: after a POST the browser follows with a GET. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { ...COMMON_HEADERS, location });
  res.end();
}

/** A same-site path to go back to after login; anything else (other hosts, `//x`) becomes "/". */
export function safeLocalPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  return value.includes("\\") ? "/" : value;
}
