export interface CookieOptions {
  maxAgeSeconds?: number;
}

/** Parses a `Cookie` header; malformed pairs are skipped, the first of a repeated name wins. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const pair = part.trim();
    const separator = pair.indexOf("=");
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    if (name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(pair.slice(separator + 1));
    } catch {
      // A value that is not valid percent-encoding is ignored, like any other malformed pair.
    }
  }
  return cookies;
}

/** A session cookie: HttpOnly, SameSite=Lax, whole site. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join("; ");
}
