import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../state/signed-store.js";
import { recordTools, toolsChangedFindings } from "./tool-record.js";

// The record of the tools' packages (issue 35 §1) on a small hand-made install: a trusted tool
// with one dependency, installed npm-style (the dependency nested in the tool's node_modules).
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const pkg = (name: string, version: string, deps = {}) =>
  JSON.stringify({ name, version, dependencies: deps });

function install(root: string, versions = { tool: "1.0.0", dep: "2.0.0" }) {
  const tool = join(root, "node_modules", "prettier");
  const dep = join(tool, "node_modules", "dep");
  rmSync(join(root, "node_modules"), { recursive: true, force: true });
  mkdirSync(dep, { recursive: true });
  writeFileSync(
    join(tool, "package.json"),
    JSON.stringify({
      name: "prettier",
      version: versions.tool,
      dependencies: { dep: "^2" },
      peerDependencies: { peer: "*" },
    }),
  );
  writeFileSync(join(tool, "index.js"), "export const format = (s) => s.trim();\n");
  writeFileSync(join(dep, "package.json"), pkg("dep", versions.dep));
  writeFileSync(join(dep, "lib.js"), "export const ok = true;\n");
}

async function setup() {
  const root = mkdtempSync(join(tmpdir(), "tool-record-"));
  const state = mkdtempSync(join(tmpdir(), "tool-record-state-"));
  made.push(root, state);
  install(root);
  const store = await openStore(root, { VERIFY_STATE_DIR: state });
  const { id, measure } = await recordTools(root, store, new Date());
  const check = () => toolsChangedFindings(root, store, id);
  return { root, store, id, measure, check };
}

const said = (findings: Awaited<ReturnType<typeof toolsChangedFindings>>) =>
  findings.map((f) => `${f.file ?? ""}: ${f.message}`);

describe("the tools' record", () => {
  it("covers the tool and its dependencies; a same-version reinstall is clean; an edit, an added file or another version is named", async () => {
    const { root, measure, check } = await setup();
    expect(measure).toMatchObject({ packages: 2, files: 4, hashed: 4 });
    expect(await check()).toEqual([]);

    // A reinstall of the same versions: new files, same content.
    const copy = mkdtempSync(join(tmpdir(), "tool-record-copy-"));
    made.push(copy);
    cpSync(join(root, "node_modules"), join(copy, "node_modules"), { recursive: true });
    rmSync(join(root, "node_modules"), { recursive: true });
    cpSync(join(copy, "node_modules"), join(root, "node_modules"), { recursive: true });
    expect(await check()).toEqual([]);

    // A peer installed since (new by name): what loads it is a config, judged by the oracle.
    mkdirSync(join(root, "node_modules", "peer"));
    writeFileSync(join(root, "node_modules", "peer", "package.json"), pkg("peer", "1.0.0"));
    expect(await check()).toEqual([]);

    const lib = join(root, "node_modules", "prettier", "node_modules", "dep", "lib.js");
    writeFileSync(lib, "export const ok = false;\n");
    writeFileSync(join(root, "node_modules", "prettier", "extra.js"), "");
    expect(said(await check())).toEqual([
      "node_modules/prettier/extra.js: extra.js of prettier@1.0.0 was added since loop start: the tool that judges the change is not the one installed when the task began",
      "node_modules/prettier/node_modules/dep/lib.js: lib.js of dep@2.0.0 was changed since loop start: the tool that judges the change is not the one installed when the task began",
    ]);

    install(root, { tool: "1.0.0", dep: "2.0.1" });
    expect(said(await check())).toEqual([
      "node_modules/prettier/node_modules/dep/package.json: dep@2.0.1 is installed, but loop start recorded dep@2.0.0: the tools changed during the task",
    ]);
    rmSync(join(root, "node_modules", "prettier", "node_modules"), { recursive: true });
    expect(said(await check())).toEqual([
      "node_modules/dep: dep@2.0.0, one of the tools' packages at loop start, is no longer installed: the tools changed during the task",
    ]);
  });

  it("what a tool writes while it runs (build info, caches) is not its package changed; an edit of its code still is", async () => {
    // Issue 46 (zod): vitest's typecheck leaves dist/tsconfig.tmp.tsbuildinfo in its own package.
    const { root, check } = await setup();
    const tool = join(root, "node_modules", "prettier");
    mkdirSync(join(tool, "dist"));
    writeFileSync(join(tool, "dist", "tsconfig.tmp.tsbuildinfo"), '{"version":"5.9.3"}');
    mkdirSync(join(tool, ".cache", "x"), { recursive: true });
    writeFileSync(join(tool, ".cache", "x", "result.json"), "{}");
    mkdirSync(join(tool, "node_modules", ".vite", "vitest"), { recursive: true });
    writeFileSync(join(tool, "node_modules", ".vite", "vitest", "results.json"), "{}");
    expect(said(await check())).toEqual([]);
    writeFileSync(join(tool, "index.js"), "export const format = (s) => s;\n");
    expect(said(await check())).toEqual([
      "node_modules/prettier/index.js: index.js of prettier@1.0.0 was changed since loop start: the tool that judges the change is not the one installed when the task began",
    ]);
  });

  it("a record that is gone cannot be checked: a finding, not a pass", async () => {
    const { store } = await setup();
    const findings = await toolsChangedFindings(store.dir, store, "0".repeat(64));
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toContain(
      "the record of the tools taken at loop start cannot be read",
    );
  });
});
