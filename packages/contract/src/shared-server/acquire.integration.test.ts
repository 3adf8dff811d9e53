import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

const scratch = mkdtempSync(join(tmpdir(), "contract-acquire-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

it("a process joining a live server that is slow to answer one probe joins it; it never stops it under its users", async () => {
  // The built entry point, as the runner and the manager use it (its host script is built).
  const { acquireSharedServer } = await import("@agent-verify/contract/shared-server");
  const dir = mkdtempSync(join(scratch, "app-"));
  const port = await freePort();
  const slow = join(dir, "slow");
  const starts = join(dir, "starts.log");
  // A real server whose health answer takes 1.5 s while `slow` exists: a loaded machine.
  writeFileSync(
    join(dir, "server.mjs"),
    [
      'import { createServer } from "node:http";',
      'import { appendFileSync, existsSync } from "node:fs";',
      `appendFileSync(${JSON.stringify(starts)}, process.pid + "\\n");`,
      "createServer((request, response) => {",
      '  const reply = () => response.end("ok");',
      `  if (existsSync(${JSON.stringify(slow)})) setTimeout(reply, 1500);`,
      "  else reply();",
      `}).listen(${port}, "127.0.0.1");`,
    ].join("\n"),
  );
  const config = {
    command: "node server.mjs",
    url: `http://127.0.0.1:${port}/health`,
    timeout_s: 10,
  };
  const env = { ...process.env, VERIFY_STATE_DIR: mkdtempSync(join(scratch, "state-")) };
  const first = await acquireSharedServer({ config, dir, env });
  expect(first.kind).toBe("started");
  appendFileSync(slow, "");
  const second = await acquireSharedServer({ config, dir, env });
  expect(second.kind).toBe("joined");
  // One server all along: the joiner did not stop it and start its own.
  expect(readFileSync(starts, "utf8").trim().split("\n")).toHaveLength(1);
  rmSync(slow);
  const response = await fetch(config.url);
  expect(await response.text()).toBe("ok");
  await second.release();
  await first.release();
  await expect(fetch(config.url)).rejects.toThrow();
}, 60_000);

it("acquiring a server sweeps away lease folders nobody has used for an hour", async () => {
  const { acquireSharedServer } = await import("@agent-verify/contract/shared-server");
  const state = mkdtempSync(join(scratch, "state-"));
  const stale = join(state, "servers", "0123456789abcdef");
  mkdirSync(join(stale, "holders"), { recursive: true });
  const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const path of [join(stale, "holders"), stale]) utimesSync(path, longAgo, longAgo);
  // Something already answers: an external server, nothing to start; the sweep still runs.
  const server = createHttpServer((_request, response) => response.end("ok"));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    const lease = await acquireSharedServer({
      config: { command: "true", url: `http://127.0.0.1:${port}/health`, timeout_s: 5 },
      dir: scratch,
      env: { ...process.env, VERIFY_STATE_DIR: state },
    });
    expect(lease.kind).toBe("external");
    expect(existsSync(stale)).toBe(false);
  } finally {
    server.close();
  }
});

it("a server whose shell exits first still gets SIGTERM and its grace before SIGKILL", async () => {
  const { acquireSharedServer, leaseDir } = await import("@agent-verify/contract/shared-server");
  const dir = mkdtempSync(join(scratch, "app-"));
  const port = await freePort();
  // Ignores SIGTERM (says so), so only SIGKILL ends it; the shell that started it leaves first.
  writeFileSync(
    join(dir, "stubborn.mjs"),
    [
      'import { createServer } from "node:http";',
      'process.on("SIGTERM", () => process.stderr.write("stubborn: got SIGTERM\\n"));',
      'createServer((request, response) => response.end("ok"))',
      `  .listen(${port}, "127.0.0.1", () => process.stderr.write("stubborn: listening\\n"));`,
    ].join("\n"),
  );
  const config = {
    command: "node stubborn.mjs & sleep 1",
    url: `http://127.0.0.1:${port}/health`,
    timeout_s: 10,
  };
  const env = {
    ...process.env,
    VERIFY_STATE_DIR: mkdtempSync(join(scratch, "state-")),
    VERIFY_WEB_SERVER_GRACE_MS: "1000",
  };
  const lease = await acquireSharedServer({ config, dir, env });
  expect(lease.kind).toBe("started");
  const log = join(leaseDir(config.url, env), "server.log");
  // The shell exits after 1 s: the host takes the server's group down, asking first.
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (readFileSync(log, "utf8").includes("web server exited")) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  await expect
    .poll(
      () =>
        fetch(config.url).then(
          () => "up",
          () => "down",
        ),
      { timeout: 10_000 },
    )
    .toBe("down");
  const text = readFileSync(log, "utf8");
  expect(text).toContain("web server exited");
  expect(text).toContain("stubborn: got SIGTERM");
  await lease.release();
}, 60_000);
