import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Temp files of the run (fixture repos, the tools' caches) in one folder, removed at the end.
    globalSetup: [
      require.resolve("@agent-verify/test-support/temp-root"),
      "./test/state-dir.ts",
      "./test/build-once.ts",
    ],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One module graph for all files of a worker: each file re-importing gates' sources through
    // vite cost ~30 s CPU of the package's ~115 (measured: 116.6 → 84.9 s user). No test mocks
    // modules or changes process state; a file's repos are its own temp dirs.
    isolate: false,
  },
});
