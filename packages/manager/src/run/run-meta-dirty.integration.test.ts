import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mergeMeta, runMeta } from "./run-meta.js";

const dir = mkdtempSync(join(tmpdir(), "vm-dirty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: dir });

describe("the run's commit and uncommitted changes (real git)", () => {
  it("marks a run on a tree with uncommitted changes; a clean tree has no mark", () => {
    git("init", "-q");
    writeFileSync(join(dir, "a.txt"), "1\n");
    git("add", ".");
    git("commit", "-qm", "one");
    const meta = () => runMeta({ dir, env: {}, startedAt: new Date(0), wallMs: 1, workers: 1 });
    expect(meta().git_dirty).toBeUndefined();
    writeFileSync(join(dir, "a.txt"), "2\n");
    expect(meta().git_dirty).toBe(true);
    const report = (m: ReturnType<typeof meta>) => ({
      schema_version: 1 as const,
      passed: true,
      outcomes: [],
      meta: m,
    });
    expect(
      mergeMeta([report(meta()), report({ ...meta(), git_dirty: undefined })])?.git_dirty,
    ).toBe(true);
  });
});
