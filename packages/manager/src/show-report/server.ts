import { createReadStream, existsSync, realpathSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isAbsolute, join, relative, resolve } from "node:path";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { contentType } from "./content-types.js";

export interface ServeOptions {
  /** The HTML report's folder (holds index.html). */
  dir: string;
  host?: string | undefined;
  /** 0: any free port. */
  port?: number | undefined;
  /** playwright-core's trace viewer folder, served under /trace/ (absent: /trace/ is a 404). */
  traceViewer?: string | undefined;
}

export interface ReportServer {
  url: string;
  close(): Promise<void>;
}

/** `root`/`urlPath` when it stays inside `root` after symlinks; a folder gives its index.html. */
export function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  try {
    const base = realpathSync(root);
    let path = realpathSync(resolve(base, `.${decoded.startsWith("/") ? "" : "/"}${decoded}`));
    const rel = relative(base, path);
    if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
    if (statSync(path).isDirectory()) path = join(path, "index.html");
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

function handler(options: ServeOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "method not allowed");
    const pathname = new URL(req.url ?? "/", "http://report").pathname;
    const trace = pathname === "/trace" || pathname.startsWith("/trace/");
    if (trace && options.traceViewer === undefined) {
      return send(res, 404, "no trace viewer: playwright-core is not installed here");
    }
    const file = trace
      ? fileUnder(options.traceViewer as string, pathname.slice("/trace".length) || "/")
      : fileUnder(options.dir, pathname);
    if (file === undefined) return send(res, 404, "not found");
    const headers: Record<string, string> = {
      "content-type": contentType(file),
      "content-length": String(statSync(file).size),
      "cache-control": "no-cache",
    };
    // The viewer's service worker is served from /trace/ and must control that scope.
    if (trace && file.endsWith("sw.bundle.js")) headers["service-worker-allowed"] = "/";
    res.writeHead(200, headers);
    if (req.method === "HEAD") return void res.end();
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
  };
}

/**
 * Serve a report folder over http on 127.0.0.1, and playwright-core's trace viewer under
 * /trace/ (a link `trace/index.html?trace=<zip url>` opens a trace in the page). Read-only:
 * GET and HEAD of files inside the two folders, nothing else.
 */
export async function serveReport(options: ServeOptions): Promise<ReportServer> {
  if (!existsSync(join(options.dir, "index.html"))) {
    throw new ManagerError(
      ManagerErrorCode.ServeFailed,
      `no report in ${options.dir}: index.html missing`,
      {
        hint: "write one with verify-manager run --reporter html=DIR, then show-report DIR",
      },
    );
  }
  const host = options.host ?? "127.0.0.1";
  const server = createServer(handler(options));
  await new Promise<void>((done, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      fail(
        new ManagerError(
          ManagerErrorCode.ServeFailed,
          `cannot listen on ${host}:${options.port ?? 0}: ${error.code ?? error.message}`,
          {
            hint:
              error.code === "EADDRINUSE"
                ? "the port is taken: give another with --port (0: any free port)"
                : undefined,
            cause: error,
          },
        ),
      ),
    );
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
