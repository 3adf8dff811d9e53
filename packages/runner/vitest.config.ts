import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Temp files of the run (projects, browser profiles) in one folder, removed at the end.
    globalSetup: [require.resolve("@agent-verify/test-support/temp-root")],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at once: the browser tests mostly wait (on pages, servers, deadlines), so one
    // file at a time left a core idle (alone: 125 → 76 s wall, the same 77 s of CPU). Each test
    // finds its own processes by a marker in their environment, never by name.
    maxWorkers: 2,
  },
});
