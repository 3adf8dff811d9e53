import { createReadStream, realpathSync, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, sep } from "node:path";
import { contentType } from "./content-types.js";

export interface StaticOptions {
  /** The folder served (any path; resolved to its real path once). */
  root: string;
  /** Answer a missing extension-less path with the root's index.html (single-page apps). */
  spaFallback: boolean;
}

type Found = { kind: "file"; path: string; stat: Stats } | { kind: "redirect"; location: string };

/**
 * A request handler serving files under `root` and nothing else: no path traversal
 * (`..`, encoded or not), no symlink out of the folder, no dot-files (`.env`, `.git`),
 * no directory listings. A folder answers with its index.html.
 */
export function staticHandler(options: StaticOptions) {
  const root = realpathSync(options.root);
  const inside = (path: string) => path === root || path.startsWith(root + sep);

  function regularFile(path: string): { path: string; stat: Stats } | undefined {
    try {
      const real = realpathSync(path);
      const stat = statSync(real);
      return inside(real) && stat.isFile() ? { path: real, stat } : undefined;
    } catch {
      return undefined;
    }
  }

  function find(pathname: string): Found | undefined {
    const segments = pathname.split("/").filter((segment) => segment !== "");
    if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) {
      return undefined;
    }
    if (segments.some((segment) => segment.includes("\\") || segment.includes("\0"))) {
      return undefined;
    }
    const target = join(root, ...segments);
    if (!inside(target)) return undefined;
    let stat: Stats | undefined;
    try {
      stat = statSync(target);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) {
      if (!pathname.endsWith("/")) return { kind: "redirect", location: `${pathname}/` };
      const index = regularFile(join(target, "index.html"));
      return index && { kind: "file", ...index };
    }
    const file = regularFile(target);
    if (file) return { kind: "file", ...file };
    if (options.spaFallback && extname(segments.at(-1) ?? "") === "") {
      const index = regularFile(join(root, "index.html"));
      return index && { kind: "file", ...index };
    }
    return undefined;
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      send(response, 405, "method not allowed\n", { allow: "GET, HEAD" });
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    } catch {
      send(response, 400, "bad request\n");
      return;
    }
    const found = find(pathname);
    if (!found) {
      send(response, 404, "not found\n");
      return;
    }
    if (found.kind === "redirect") {
      send(response, 301, "", { location: encodeURI(found.location) });
      return;
    }
    response.writeHead(200, {
      "content-type": contentType(found.path),
      "content-length": found.stat.size,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    if (method === "HEAD") {
      response.end();
      return;
    }
    createReadStream(found.path)
      .on("error", () => response.destroy())
      .pipe(response);
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}
