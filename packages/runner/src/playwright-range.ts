// Playwright is the app's (a peer dependency): the runner says in one line when the copy
// it gets is outside the range it is tested with, instead of failing in an odd way later.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** The peerDependencies range of package.json (a test keeps the two equal). */
export const PLAYWRIGHT_RANGE = "^1.64.0";

/** `^1.64.0`: major 1, and not below 1.64.0. A pre-release counts as its version. */
export function isInPlaywrightRange(version: string): boolean {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major === 1 && minor * 1_000_000 + patch >= 64 * 1_000_000;
}

/** The version of `@playwright/test` that `from` (a file or folder path) resolves, if any. */
export function resolvedPlaywrightVersion(from: string): string | undefined {
  try {
    const manifest = createRequire(from).resolve("@playwright/test/package.json");
    return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** One line for stderr when Playwright is missing or out of range; undefined when it fits. */
export function playwrightRangeWarning(version: string | undefined): string | undefined {
  if (version === undefined)
    return `verify-runner: @playwright/test is not installed (a peer dependency): npm install -D "@playwright/test@${PLAYWRIGHT_RANGE}"\n`;
  if (isInPlaywrightRange(version)) return undefined;
  return `verify-runner: warning: @playwright/test ${version} is outside the tested range ${PLAYWRIGHT_RANGE}: npm install -D "@playwright/test@${PLAYWRIGHT_RANGE}"\n`;
}

/** The warning for the Playwright this runner itself resolves (the app's, as a peer). */
export function playwrightWarningHere(): string | undefined {
  return playwrightRangeWarning(resolvedPlaywrightVersion(fileURLToPath(import.meta.url)));
}
