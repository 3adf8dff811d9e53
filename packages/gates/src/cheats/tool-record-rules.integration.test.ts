import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../state/signed-store.js";
import { putObject } from "../state/store.js";
import { hashPackages, toolsChangedFindings, type ToolsRecord } from "./tool-record.js";
import { toolClosure } from "./tool-files.js";

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("a tools record taken by another gates", () => {
  it("a file it holds that today's hashes leave out (vitest's dist/tsconfig.tmp.tsbuildinfo) is not a removed file; a removed file of code still is", async () => {
    const root = mkdtempSync(join(tmpdir(), "gates-record-rules-"));
    write(root, "package.json", '{ "name": "app", "devDependencies": { "vitest": "*" } }\n');
    write(root, "node_modules/vitest/package.json", '{ "name": "vitest", "version": "4.0.17" }\n');
    write(root, "node_modules/vitest/dist/index.js", "export const run = 1;\n");
    const env = { VERIFY_STATE_DIR: mkdtempSync(join(tmpdir(), "gates-record-state-")) };
    const store = await openStore(root, env);
    const [hashed] = await hashPackages(toolClosure(root), store);
    const files = hashed?.files ?? {};
    expect(Object.keys(files).sort()).toEqual(["dist/index.js", "package.json"]);
    // An older gates hashed what vitest's typecheck wrote into its own package, and its cache.
    const older = (extra: Record<string, string>): ToolsRecord => ({
      schema_version: 1,
      taken_at: new Date(0).toISOString(),
      root: realpathSync.native(root),
      packages: { "vitest@4.0.17": { ...files, ...extra } },
    });
    const record = async (r: ToolsRecord) =>
      putObject(join(store.dir, "tools"), Buffer.from(JSON.stringify(r)));
    const written = await record(
      older({
        "dist/tsconfig.tmp.tsbuildinfo": "a".repeat(64),
        ".vite/results.json": "b".repeat(64),
      }),
    );
    expect(await toolsChangedFindings(root, store, written)).toEqual([]);
    const code = await record(older({ "dist/gone.js": "c".repeat(64) }));
    const findings = await toolsChangedFindings(root, store, code);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining("dist/gone.js of vitest@4.0.17 was removed since loop start"),
    ]);
  });
});
