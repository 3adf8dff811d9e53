import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { clientScript } from "./assets/client-script.js";
import { ICON_SVG } from "./assets/icon.js";
import { STYLES } from "./assets/styles.js";
import { DEFAULT_HOST, DEFAULT_PORT, type BugName } from "./config.js";
import { BodyError } from "./http/body.js";
import { sendAsset, sendJson } from "./http/respond.js";
import { Router } from "./http/router.js";
import { OrderStore } from "./orders.js";
import { addAccountRoutes } from "./routes/account-routes.js";
import { addApiRoutes } from "./routes/api-routes.js";
import { addCheckoutRoutes } from "./routes/checkout-routes.js";
import { RequestContext, type ShopState } from "./routes/context.js";
import { addPageRoutes, renderNotFound } from "./routes/page-routes.js";
import { SessionStore } from "./sessions.js";

export interface ShopOptions {
  /** 0 picks a free port. Default 4173. */
  port?: number;
  host?: string;
  bugs?: readonly BugName[];
  /** Where log lines go; default stderr. */
  log?: (line: string) => void;
}

export interface RunningShop {
  url: string;
  close(): Promise<void>;
}

function buildRouter(state: ShopState): Router<RequestContext> {
  const router = new Router<RequestContext>();
  const script = clientScript({ staleBadgeId: state.bugs.has("cart-count") });
  router
    .add("GET", "/assets/app.js", (ctx) => sendAsset(ctx.res, "text/javascript", script))
    .add("GET", "/assets/app.css", (ctx) => sendAsset(ctx.res, "text/css", STYLES))
    .add("GET", "/assets/icon.svg", (ctx) => sendAsset(ctx.res, "image/svg+xml", ICON_SVG));
  addApiRoutes(router);
  addPageRoutes(router);
  addCheckoutRoutes(router);
  addAccountRoutes(router);
  return router;
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/") || path === "/health";
}

/** The request handler, usable without a listening server. */
export function createShopHandler(state: ShopState, log: (line: string) => void): RequestListener {
  const router = buildRouter(state);
  return (req, res) => {
    const ctx = new RequestContext(req, res, state);
    const path = ctx.url.pathname;
    const match = router.match(req.method ?? "GET", path);
    const handle = async () => {
      if (match.kind === "found") return match.handler(ctx, match.params);
      if (match.kind === "method-not-allowed") {
        res.setHeader("allow", match.allowed.join(", "));
        return sendJson(res, 405, { error: `Method ${req.method} not allowed on ${path}` });
      }
      if (isApiPath(path)) return sendJson(res, 404, { error: `No API route ${path}` });
      renderNotFound(ctx);
    };
    handle().catch((error: unknown) => {
      if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message });
      log(
        `demo-shop: ${req.method} ${path} failed: ${error instanceof Error ? error.stack : error}`,
      );
      if (!res.headersSent) sendJson(res, 500, { error: "Internal server error" });
      else res.destroy();
    });
  };
}

function writeToStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Starts the shop; `close()` stops it at once, keep-alive connections included. */
export async function startShop(options: ShopOptions = {}): Promise<RunningShop> {
  const host = options.host ?? DEFAULT_HOST;
  const log = options.log ?? writeToStderr;
  const state: ShopState = {
    sessions: new SessionStore(),
    orders: new OrderStore(),
    bugs: new Set(options.bugs ?? []),
  };
  const server = createServer(createShopHandler(state, log));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return { url: `http://${host}:${port}`, close };
}
