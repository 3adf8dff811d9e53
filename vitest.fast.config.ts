import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The fast tier (`pnpm test:fast`): every package's in-process tests — no browser, no bd, no git,
// no tool or runner process (a setup file makes any child_process call fail) — in one vitest run.
// What a developer runs while editing; `./scripts/test.sh` (every tier, real seams) stays the
// suite and CI. A test that needs a process belongs in a `*.integration.test.ts` file.
const packages = ["packages/contract", "packages/gates", "packages/manager", "packages/runner"];

export default defineConfig({
  test: {
    projects: [
      ...packages.map((root) => ({
        extends: true as const,
        test: {
          name: root.split("/")[1],
          root,
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**", "**/dist/**"],
        },
      })),
    ],
    globalSetup: [here("./packages/test-support/dist/temp-root.js")],
    setupFiles: [here("./packages/test-support/dist/no-spawn.js")],
    isolate: false,
    // As in the packages' own configs (a loaded machine makes a heavy unit test slow, not wrong).
    testTimeout: 60_000,
  },
});
