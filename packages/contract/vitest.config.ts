import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Temp files of the run (manifests, lease folders, servers) in one folder, removed at the end.
    globalSetup: [require.resolve("@agent-verify/test-support/temp-root")],
    // One worker process runs many files: a fresh process and module graph per file cost
    // about as much CPU as the tests themselves (24 → 14 s here).
    isolate: false,
  },
});
