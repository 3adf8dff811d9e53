import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

// `@agent-verify/contract/redact` is imported on hot paths (the runner's stderr, every
// manager write): it must not pull in zod, yaml or anything outside this folder.
it("imports nothing but its own files and node built-ins", () => {
  const folder = import.meta.dirname;
  const sources = readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const specifiers = sources.flatMap((file) =>
    Array.from(
      readFileSync(join(folder, file), "utf8").matchAll(/\bfrom\s+"([^"]+)"/g),
      (m) => m[1],
    ),
  );
  expect(specifiers.length).toBeGreaterThan(0);
  for (const specifier of specifiers) expect(specifier).toMatch(/^(?:\.\/|node:)/);
});

it("is the package's ./redact export", () => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8"),
  ) as { exports: Record<string, { default: string }> };
  expect(manifest.exports["./redact"]?.default).toBe("./dist/redact/index.js");
});
