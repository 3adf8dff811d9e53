import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { Agent, get } from "node:http";
import { connect, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
const SERVER = join(APP_DIR, "dist", "server.js");

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ShopProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
}

const started: ChildProcess[] = [];

function newestSourceMs(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return newestSourceMs(path);
      return entry.name.endsWith(".test.ts") ? 0 : statSync(path).mtimeMs;
    }),
  );
}

function spawnShop(env: Record<string, string>): Omit<ShopProcess, "url"> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, DEMO_BUG: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function startShopProcess(env: Record<string, string> = {}): Promise<ShopProcess> {
  const shop = spawnShop({ PORT: "0", ...env });
  const url = await new Promise<string>((resolve, reject) => {
    shop.child.stderr?.on("data", () => {
      const match = /listening on (http:\/\/[\d.:]+)[ \n]/.exec(shop.stderr());
      if (match?.[1]) resolve(match[1]);
    });
    void shop.exited.then((exit) => reject(new Error(`exited early: ${JSON.stringify(exit)}`)));
  });
  return { ...shop, url };
}

/** A GET over a keep-alive agent, leaving the socket open afterwards. */
function getKeepAlive(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    }).on("error", reject);
  });
}

/** A connection in the middle of sending a request: `server.close()` alone would wait for it. */
function openHalfSentRequest(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write("GET /health HTTP/1.1\r\nHost: shop\r\n", () => resolve(socket));
    });
    socket.on("error", reject);
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | "timed out"> {
  return Promise.race([promise, new Promise<"timed out">((r) => setTimeout(r, ms, "timed out"))]);
}

beforeAll(() => {
  const builtMs = statSync(SERVER, { throwIfNoEntry: false })?.mtimeMs;
  if (builtMs === undefined || builtMs < newestSourceMs(join(APP_DIR, "src"))) {
    throw new Error(`${SERVER} is missing or older than src/: run "pnpm --filter demo-shop build"`);
  }
});

afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
});

describe("node dist/server.js", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "serves, then on %s exits 0 promptly with connections open and frees the port",
    async (signal) => {
      const shop = await startShopProcess();
      const agent = new Agent({ keepAlive: true });
      expect(await getKeepAlive(`${shop.url}/health`, agent)).toBe(200);
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
      const busy = await openHalfSentRequest(shop.url);

      const stopStarted = Date.now();
      shop.child.kill(signal);
      expect(await withDeadline(shop.exited, 2000)).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopStarted).toBeLessThan(2000);
      agent.destroy();
      busy.destroy();

      expect(await canListen(Number(new URL(shop.url).port))).toBe(true);
      expect(shop.stdout()).toBe("");
      expect(shop.stderr()).toContain(`${signal} received, shutting down`);
    },
  );

  it("names the bugs it runs with", async () => {
    const shop = await startShopProcess({ DEMO_BUG: "cart-count,login-always-fails" });
    expect(shop.stderr()).toContain("with DEMO_BUG=cart-count,login-always-fails");
    shop.child.kill("SIGTERM");
    expect((await shop.exited).code).toBe(0);
  });

  it("refuses an unknown DEMO_BUG with one line on stderr and exit 2", async () => {
    const shop = spawnShop({ PORT: "0", DEMO_BUG: "cart-count,no-such-bug" });
    expect(await withDeadline(shop.exited, 5000)).toEqual({ code: 2, signal: null });
    expect(shop.stderr()).toBe(
      'demo-shop: unknown DEMO_BUG "no-such-bug"; known: cart-count, checkout-empty-email, login-always-fails\n',
    );
    expect(shop.stdout()).toBe("");
  });

  it("refuses a bad PORT with exit 2", async () => {
    const shop = spawnShop({ PORT: "http" });
    expect(await withDeadline(shop.exited, 5000)).toEqual({ code: 2, signal: null });
    expect(shop.stderr()).toBe('demo-shop: PORT must be an integer from 0 to 65535, got "http"\n');
  });

  it("exits 1 with a message when the port is taken", async () => {
    const first = await startShopProcess();
    const second = spawnShop({ PORT: new URL(first.url).port });
    expect(await withDeadline(second.exited, 5000)).toEqual({ code: 1, signal: null });
    expect(second.stderr()).toMatch(/^demo-shop: failed to start: listen EADDRINUSE/);
    first.child.kill("SIGTERM");
    await first.exited;
  });
});
