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
    // Browser tests share two cores with everything else: keep them sequential.
    fileParallelism: false,
    // One worker process runs every file: a fresh process and module graph per file cost ~60 s
    // of the package's ~570 (Duration minus tests in a full run). The unit files mock nothing
    // and register no loader hooks; the integration files drive the runner as a child process.
    isolate: false,
  },
});
