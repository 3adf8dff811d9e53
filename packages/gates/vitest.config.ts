import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./test/build-once.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
