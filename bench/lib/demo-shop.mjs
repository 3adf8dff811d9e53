// Start the real demo shop on a free port for a benchmark; stop it afterwards.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export const ROOT = new URL("../..", import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startDemoShop(env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, "apps/demo-shop/dist/server.js")], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
