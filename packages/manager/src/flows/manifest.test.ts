import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isManagerError, ManagerErrorCode } from "../errors.js";
import { MALFORMED_MANIFESTS } from "../../test/helpers/malformed-manifests.js";
import { readManifest } from "./manifest.js";

// The decision behind `verify-manager run` on a malformed manifest, in process: readManifest
// throws one ManagerError that is not a usage error, and the CLI prints it as
// `verify-manager: <message>` with exit 2 and nothing on stdout. That printing is proven end to
// end, through the bin, by cli.integration.test.ts ("malformed manifests").

const scratch = mkdtempSync(join(tmpdir(), "vm-manifest-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function projectWithManifest(yaml: string): string {
  const dir = mkdtempSync(join(scratch, "p-"));
  mkdirSync(join(dir, ".verify"));
  writeFileSync(join(dir, ".verify", "workflows.yaml"), yaml);
  return dir;
}

describe("malformed manifests: one setup error with file, line and field named", () => {
  it.each(MALFORMED_MANIFESTS)("%s", (_label, yaml, expected) => {
    const dir = projectWithManifest(yaml);
    let thrown: unknown;
    try {
      readManifest(dir);
    } catch (error) {
      thrown = error;
    }
    if (!isManagerError(thrown)) throw new Error(`expected a ManagerError, got ${String(thrown)}`);
    // Not a usage error: the CLI's setup branch (exit 2, `verify-manager: <message>`).
    expect(thrown.code).toBe(ManagerErrorCode.ManifestInvalid);
    const printed = `verify-manager: ${thrown.message}`;
    const first = printed.split("\n")[0] ?? "";
    expect(first).toMatch(/^verify-manager: .*workflows\.yaml/);
    expect(first).toMatch(expected);
    expect(printed).not.toMatch(/\n\s+at /);
  });
});
