import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticHandler } from "./static-files.js";

interface Answer {
  status: number;
  type: string | undefined;
  location: string | undefined;
  body: string;
}

/** A raw request: the path is sent exactly as given (fetch would normalise `..`). */
function get(port: number, path: string, method = "GET"): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          type: res.headers["content-type"],
          location: res.headers.location,
          body,
        }),
      );
    });
    req.on("error", fail);
    req.end();
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      done(typeof address === "object" && address ? address.port : 0);
    }),
  );
}

describe("the static file handler", () => {
  const base = mkdtempSync(join(tmpdir(), "static-files-"));
  const root = join(base, "site");
  let plain: Server;
  let spa: Server;
  let port = 0;
  let spaPort = 0;

  beforeAll(async () => {
    mkdirSync(join(root, "docs"), { recursive: true });
    mkdirSync(join(root, "empty"));
    mkdirSync(join(root, ".git"));
    mkdirSync(join(root, ".well-known"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Home</title>");
    writeFileSync(join(root, "app.js"), "console.log(1)");
    writeFileSync(join(root, "style.css"), "body{}");
    writeFileSync(join(root, "logo.svg"), "<svg/>");
    writeFileSync(join(root, "data.bin"), "x");
    writeFileSync(join(root, "docs", "index.html"), "<title>Docs</title>");
    writeFileSync(join(root, "my file.txt"), "spaced");
    writeFileSync(join(root, ".env"), "SECRET=1");
    writeFileSync(join(root, ".git", "config"), "[core]");
    writeFileSync(join(root, ".well-known", "security.txt"), "contact");
    writeFileSync(join(base, "outside.txt"), "outside");
    symlinkSync(join(base, "outside.txt"), join(root, "escape.txt"));
    symlinkSync("/dev/zero", join(root, "zero"));
    plain = createServer(staticHandler({ root, spaFallback: false }));
    spa = createServer(staticHandler({ root, spaFallback: true }));
    port = await listen(plain);
    spaPort = await listen(spa);
  });

  afterAll(() => {
    plain.close();
    spa.close();
  });

  it.each([
    ["/", "text/html; charset=utf-8", "<title>Home</title>"],
    ["/index.html", "text/html; charset=utf-8", "<title>Home</title>"],
    ["/app.js", "text/javascript; charset=utf-8", "console.log(1)"],
    ["/style.css", "text/css; charset=utf-8", "body{}"],
    ["/logo.svg", "image/svg+xml; charset=utf-8", "<svg/>"],
    ["/data.bin", "application/octet-stream", "x"],
    ["/docs/", "text/html; charset=utf-8", "<title>Docs</title>"],
    ["/my%20file.txt", "text/plain; charset=utf-8", "spaced"],
    ["/app.js?v=3", "text/javascript; charset=utf-8", "console.log(1)"],
    ["/.well-known/security.txt", "text/plain; charset=utf-8", "contact"],
  ])("serves %s as %s", async (path, type, body) => {
    const answer = await get(port, path);
    expect(answer).toMatchObject({ status: 200, type });
    expect(answer.body).toContain(body);
  });

  it("redirects a folder without its slash, so relative links resolve", async () => {
    expect(await get(port, "/docs")).toMatchObject({ status: 301, location: "/docs/" });
  });

  it.each([
    "/../outside.txt",
    "/%2e%2e/outside.txt",
    "/docs/%2e%2e/%2e%2e/outside.txt",
    "/..%2foutside.txt",
    "/..%5coutside.txt",
    "/escape.txt",
    "/zero",
    "/.env",
    "/.git/config",
    "/empty/",
    "/missing.js",
    "/missing",
  ])("answers 404 for %s", async (path) => {
    const answer = await get(port, path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toMatch(/outside|SECRET|core/);
  });

  it("answers 400 for a path that does not decode and 405 for writes", async () => {
    expect((await get(port, "/%E0%A4%A")).status).toBe(400);
    expect((await get(port, "/", "POST")).status).toBe(405);
    expect(await get(port, "/", "HEAD")).toMatchObject({ status: 200, body: "" });
  });

  it("with spa_fallback, answers an extension-less missing path with index.html", async () => {
    const route = await get(spaPort, "/todos/active");
    expect(route).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect(route.body).toContain("<title>Home</title>");
    expect((await get(spaPort, "/missing.js")).status).toBe(404);
    expect((await get(spaPort, "/.env")).status).toBe(404);
    expect((await get(spaPort, "/../outside.txt")).status).toBe(404);
  });
});
