import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const temp = mkdtempSync(join(tmpdir(), "verify-playwright-modules-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A CommonJS package at `dir` whose module says which copy it is. */
function pkg(dir: string, name: string, version: string, body: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js" }));
  writeFileSync(join(dir, "index.js"), body);
}

/**
 * An app's node_modules as a package manager lays it out when playwright-core has a newer
 * release than @playwright/test (1.65.2 beside 1.65.1): @playwright/test's own chain nests the
 * 1.65.1 it pins, and a second copy sits at the top, where a peer of the runner's would land.
 */
function appWithTwoCores(): string {
  const modules = join(temp, "app", "node_modules");
  const test = join(modules, "@playwright", "test");
  pkg(test, "@playwright/test", "1.65.1", 'module.exports = { core: require("playwright").core };');
  const playwright = join(test, "node_modules", "playwright");
  pkg(playwright, "playwright", "1.65.1", 'module.exports = { core: require("playwright-core") };');
  pkg(
    join(playwright, "node_modules", "playwright-core"),
    "playwright-core",
    "1.65.1",
    'module.exports = { copy: "1.65.1" };',
  );
  pkg(
    join(modules, "playwright-core"),
    "playwright-core",
    "1.65.2",
    'module.exports = { copy: "1.65.2" };',
  );
  const runner = join(modules, "@agent-verify", "runner", "src");
  mkdirSync(runner, { recursive: true });
  const file = join(runner, "playwright-modules.ts");
  copyFileSync(new URL("./playwright-modules.ts", import.meta.url), file);
  return file;
}

describe("the Playwright the runner loads", () => {
  it("is the playwright-core that @playwright/test brings, never a second copy beside it", async () => {
    const file = appWithTwoCores();
    const modules = (await import(file)) as typeof import("./playwright-modules.js");
    const core = modules.playwrightCore() as unknown as { copy: string };
    expect(core.copy).toBe("1.65.1");
    expect((modules.playwrightTest() as unknown as { core: unknown }).core).toBe(core);
  });
});
