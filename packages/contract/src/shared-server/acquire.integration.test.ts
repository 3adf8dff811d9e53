import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
