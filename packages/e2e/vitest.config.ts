import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // One pack, one local registry and one publish for the whole run (stopped at the end).
    globalSetup: ["./src/registry-setup.ts"],
    // Installs packages and runs real browsers on a shared two-core machine.
    // ~1 min on a quiet machine; several times that when eight suites share the cores.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // bd (Go) spends a third of each call's CPU collecting garbage it would free at exit anyway;
    // the behaviour is the same. Children inherit it through process.env.
    env: { GOGC: "off" },
  },
});
