import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // First: the state folder, the bd templates and every temp file of the run go under the
    // folder it makes, removed at the end (after the others' teardowns).
    globalSetup: [
      require.resolve("@agent-verify/test-support/temp-root"),
      "test/global-setup.ts",
      "test/bd-template-setup.ts",
    ],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration tests spawn runners, bd and a browser on a 2-core machine.
    maxWorkers: 2,
    // Each worker process runs many files: a fresh process and module graph per file cost
    // more CPU than many of the files' tests (the unit files: 39 → 21 s of CPU).
    isolate: false,
    // bd (Go) spends a third of each call's CPU collecting garbage it would free at exit anyway;
    // the suite makes ~400 bd calls. Its behaviour is the same; a call's peak RSS goes from
    // ~140 to ~180 MB (`bd init` ~780 MB). Children inherit it through process.env.
    env: { GOGC: "off" },
  },
});
