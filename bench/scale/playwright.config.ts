// @playwright/test running the seven demo journeys (journeys.spec.ts) with its own
// web server, for bench/scale-bench.mjs. --workers comes from the command line.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { HEADLESS_ARGS } from "../../packages/runner/dist/browser/launch.js";

const port = process.env.BENCH_SHOP_PORT ?? "4179";
const root = new URL("../..", import.meta.url).pathname;

export default defineConfig({
  testDir: ".",
  testMatch: "journeys.spec.ts",
  outputDir: join(tmpdir(), "agent-verify-bench-journeys"),
  retries: 0,
  reporter: "json",
  webServer: {
    command: `node ${join(root, "apps/demo-shop/dist/server.js")}`,
    env: { PORT: port },
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
  use: {
    browserName: "chromium",
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
      args: HEADLESS_ARGS,
    },
  },
});
