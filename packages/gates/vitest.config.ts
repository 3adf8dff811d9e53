import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./test/build-once.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One module graph for all files of a worker: each file re-importing gates' sources through
    // vite cost ~30 s CPU of the package's ~115 (measured: 116.6 → 84.9 s user). No test mocks
    // modules or changes process state; a file's repos are its own temp dirs.
    isolate: false,
  },
});
