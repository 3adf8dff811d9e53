import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRODUCT_FILES } from "@agent-verify/contract/product-files";
import { afterEach, describe, expect, it } from "vitest";
import { initProject } from "./init.js";

// Issue 33 §1: the .gitignore lines `init` writes come from the contract's one list of the
// files agent-verify writes, and real git ignores every one of them, but never the user's config.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function gitRepo(gitignore: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-init-ignore-"));
  dirs.push(dir);
  spawnSync("git", ["init", "-q"], { cwd: dir });
  writeFileSync(join(dir, "index.html"), "<title>x</title>");
  if (gitignore !== undefined) writeFileSync(join(dir, ".gitignore"), gitignore);
  return dir;
}

/** A file each product pattern covers: a folder gets a file inside, `*` a pid-like part. */
const sample = (pattern: string) =>
  pattern.endsWith("/") ? `${pattern}x/one.json` : pattern.replaceAll("*", ".4242.ab12.tmp");

/** The paths among `paths` that git ignores in `dir`. */
function ignored(dir: string, paths: string[]): string[] {
  const result = spawnSync("git", ["check-ignore", "--", ...paths], { cwd: dir, encoding: "utf8" });
  if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
  return result.stdout.split("\n").filter((line) => line !== "");
}

const USER_FILES = [
  ".verify/workflows.yaml",
  ".verify/gates.yaml",
  ".verify/src/flows/front-page.ts",
  ".verify/src/pages/front-page.ts",
  ".verify/package.json",
];

describe("init's .gitignore lines cover every product file", () => {
  it.each<[string, string | undefined]>([
    ["a repo without a .gitignore", undefined],
    ["a repo that ignores node_modules already", "node_modules/\ndist/\n"],
  ])("%s: git ignores each of agent-verify's files and none of the user's", (_name, before) => {
    const dir = gitRepo(before);
    initProject({ dir, staticDir: "." });
    const product = PRODUCT_FILES.map((f) => sample(f.pattern));
    expect(ignored(dir, product).sort()).toEqual([...product].sort());
    expect(ignored(dir, USER_FILES)).toEqual([]);
  });
});
