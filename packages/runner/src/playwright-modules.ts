import { createRequire } from "node:module";
import type * as PlaywrightTest from "@playwright/test";

/** What the runner takes from playwright-core (typed through @playwright/test, which re-exports it). */
type PlaywrightCore = Pick<typeof PlaywrightTest, "chromium" | "firefox" | "webkit" | "request">;

const requireHere = createRequire(import.meta.url);

// Playwright's packages are CommonJS bundles of several MB. An ESM `import()` of one makes
// Node scan the whole bundle for its named exports (cjs-module-lexer) in every runner
// process; `require` loads the same module objects without that scan (bench/runner-bench.mjs
// prints the import cost). A flow that imports them itself gets these same instances.

/**
 * The playwright-core that the app's @playwright/test brings (@playwright/test → playwright →
 * playwright-core, each pinned to one version), so that browsers, `request` and `expect` are
 * always one Playwright. A peer of its own on playwright-core let a package manager pick a
 * newer one beside it (1.65.2 of playwright-core was out, 1.65.1 of @playwright/test the
 * latest): two copies, and a Locator from one checked by the other's `expect`.
 */
function resolveCore(): string {
  try {
    const fromTest = createRequire(requireHere.resolve("@playwright/test"));
    return createRequire(fromTest.resolve("playwright")).resolve("playwright-core");
  } catch {
    // No @playwright/test here (the peer is missing): a playwright-core of its own, if any.
    return requireHere.resolve("playwright-core");
  }
}

let corePath: string | undefined;

/** playwright-core: browsers, `request`. */
export function playwrightCore(): PlaywrightCore {
  corePath ??= resolveCore();
  return requireHere(corePath) as PlaywrightCore;
}

/** @playwright/test: the `expect` flows get. */
export function playwrightTest(): typeof PlaywrightTest {
  return requireHere("@playwright/test") as typeof PlaywrightTest;
}
