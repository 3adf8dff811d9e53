import { createRequire } from "node:module";
import type * as PlaywrightCore from "playwright-core";
import type * as PlaywrightTest from "@playwright/test";

const requireHere = createRequire(import.meta.url);

// Playwright's packages are CommonJS bundles of several MB. An ESM `import()` of one makes
// Node scan the whole bundle for its named exports (cjs-module-lexer) in every runner
// process; `require` loads the same module objects without that scan (bench/runner-bench.mjs
// prints the import cost). A flow that imports them itself gets these same instances.

/** playwright-core: browsers, `request`. */
export function playwrightCore(): typeof PlaywrightCore {
  return requireHere("playwright-core") as typeof PlaywrightCore;
}

/** @playwright/test: the `expect` flows get. */
export function playwrightTest(): typeof PlaywrightTest {
  return requireHere("@playwright/test") as typeof PlaywrightTest;
}
