import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  PLAYWRIGHT_RANGE,
  isInPlaywrightRange,
  playwrightRangeWarning,
  playwrightWarningHere,
  resolvedPlaywrightVersion,
} from "./playwright-range.js";

const temp = mkdtempSync(join(tmpdir(), "verify-playwright-range-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** An app folder whose node_modules holds @playwright/test at `version`. */
function appWithPlaywright(version: string): string {
  const dir = join(temp, `app-${version}`);
  mkdirSync(join(dir, "node_modules", "@playwright", "test"), { recursive: true });
  writeFileSync(
    join(dir, "node_modules", "@playwright", "test", "package.json"),
    JSON.stringify({ name: "@playwright/test", version }),
  );
  writeFileSync(join(dir, "package.json"), "{}");
  return dir;
}

const manifest = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as {
    peerDependencies?: Record<string, string>;
  };

describe("the Playwright peer range", () => {
  // One peer only: playwright-core comes through @playwright/test (see playwright-modules.ts);
  // a peer of its own let pnpm install a second, newer copy beside the one @playwright/test pins.
  it("is the range the runner's and agent-verify's package.json declare, on @playwright/test alone", () => {
    for (const path of ["../package.json", "../../agent-verify/package.json"])
      expect(manifest(path).peerDependencies, path).toEqual({
        "@playwright/test": PLAYWRIGHT_RANGE,
      });
  });

  it.each([
    ["1.64.0", true],
    ["1.64.1", true],
    ["1.65.1", true],
    ["1.70.0-alpha-2027-01-01", true],
    ["1.63.9", false],
    ["1.9.0", false],
    ["0.64.0", false],
    ["2.0.0", false],
    ["next", false],
  ])("%s in range: %s", (version, inRange) => {
    expect(isInPlaywrightRange(version)).toBe(inRange);
  });

  it("reads the version an app's node_modules resolves and says in one line when it is out of range", () => {
    const old = resolvedPlaywrightVersion(join(appWithPlaywright("1.40.0"), "index.js"));
    expect(old).toBe("1.40.0");
    const line = playwrightRangeWarning(old);
    expect(line).toBe(
      `verify-runner: warning: @playwright/test 1.40.0 is outside the tested range ${PLAYWRIGHT_RANGE}: npm install -D "@playwright/test@${PLAYWRIGHT_RANGE}"\n`,
    );
    expect(line?.trimEnd().split("\n")).toHaveLength(1);
    expect(
      playwrightRangeWarning(resolvedPlaywrightVersion(join(appWithPlaywright("1.65.1"), "a.js"))),
    ).toBeUndefined();
  });

  it("says so when there is no @playwright/test at all", () => {
    const bare = join(temp, "bare");
    mkdirSync(bare, { recursive: true });
    expect(resolvedPlaywrightVersion(join(bare, "index.js"))).toBeUndefined();
    expect(playwrightRangeWarning(undefined)).toMatch(
      /^verify-runner: @playwright\/test is not installed \(a peer dependency\): npm install -D "@playwright\/test@\^1\.64\.0"\n$/,
    );
  });

  it("finds the workspace's own Playwright in range", () => {
    expect(playwrightWarningHere()).toBeUndefined();
  });
});
