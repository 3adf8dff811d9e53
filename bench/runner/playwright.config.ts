// @playwright/test running the checkout flow's equivalent spec, for bench/runner-bench.mjs.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { HEADLESS_ARGS } from "../../packages/runner/dist/browser/launch.js";

export default defineConfig({
  testDir: ".",
  testMatch: "checkout.spec.ts",
  outputDir: join(tmpdir(), "agent-verify-bench-test-results"),
  workers: 1,
  retries: 0,
  reporter: "json",
  use: {
    browserName: "chromium",
    baseURL: process.env.VERIFY_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
      args: HEADLESS_ARGS,
    },
  },
});
