// A real npm registry for the test: Verdaccio on 127.0.0.1 on a free port, its own config
// and storage in a temp folder. Our package names are served from its storage only (never
// looked up upstream, so nobody else's `agent-verify` can stand in for ours); every other
// name is passed on to the npm registry the machine already uses, as a user's would be.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

export interface Registry {
  url: string;
  pid: number;
  /** A token of a user the registry created, for publishing. */
  token: string;
  stop(): Promise<void>;
}

/** The names this test publishes; the registry never proxies them. */
export const OWN_PACKAGES = ["agent-verify", "@agent-verify/*"] as const;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function config(dir: string, upstream: string): string {
  const own = OWN_PACKAGES.map(
    (name) => `  "${name}":\n    access: $all\n    publish: $authenticated\n`,
  ).join("");
  return [
    `storage: ${JSON.stringify(join(dir, "storage"))}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(join(dir, "htpasswd"))}`,
    "    max_users: 10",
    "uplinks:",
    "  upstream:",
    `    url: ${JSON.stringify(upstream)}`,
    "    timeout: 60s",
    // Each upstream packument is fetched once per run (a run is shorter than this), not again
    // every 2 minutes (Verdaccio's default): later installs of the run read it from storage.
    "    maxage: 60m",
    "packages:",
    own.trimEnd(),
    '  "**":',
    "    access: $all",
    "    proxy: upstream",
    "web:",
    "  enable: false",
    "max_body_size: 50mb",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n");
}

function verdaccioBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("verdaccio/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: string };
  return join(dirname(manifest), bin);
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Start Verdaccio in `dir`; resolves once it answers and a publishing user exists. */
export async function startRegistry(
  dir: string,
  upstream: string,
  env: NodeJS.ProcessEnv,
): Promise<Registry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const file = join(dir, "config.yaml");
  writeFileSync(file, config(dir, upstream));
  const child = spawn(
    process.execPath,
    [verdaccioBin(), "--config", file, "--listen", `127.0.0.1:${port}`],
    { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const pid = child.pid as number;
  let log = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
  let exited = false;
  const gone = new Promise<void>((done) => child.once("exit", () => ((exited = true), done())));
  // Never left behind, even when the test process ends without its teardown.
  const onExit = () => killGroup(pid, "SIGKILL");
  process.once("exit", onExit);
  const stop = async () => {
    process.removeListener("exit", onExit);
    if (exited) return;
    killGroup(pid, "SIGTERM");
    await Promise.race([gone, sleep(5000)]);
    if (!exited) killGroup(pid, "SIGKILL");
    await Promise.race([gone, sleep(5000)]);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`verdaccio exited before it answered:\n${log}`);
    try {
      if ((await fetch(`${url}/-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`verdaccio did not answer on ${url} within 60 s:\n${log}`);
    }
    await sleep(200);
  }
  const user = await fetch(`${url}/-/user/org.couchdb.user:e2e`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "e2e", password: "e2e-password-not-secret" }),
  });
  const { token } = (await user.json()) as { token?: string };
  if (!token) {
    await stop();
    throw new Error(`verdaccio made no user (HTTP ${user.status}):\n${log}`);
  }
  return { url, pid, token, stop };
}
