import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts", "test/bd-template-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration tests spawn runners, bd and a browser on a 2-core machine.
    maxWorkers: 2,
  },
});
