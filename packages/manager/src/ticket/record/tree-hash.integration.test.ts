import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManagerError } from "../../errors.js";
import { treeHash } from "./tree-hash.js";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tree-hash-test-"));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
}

function write(repo: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
}

/** A repo with one commit: a tracked file, a .gitignore and a tracked runtime file. */
function committedRepo(name = "repo"): string {
  const repo = path.join(root, name);
  fs.mkdirSync(repo);
  git(repo, "init", "-q");
  write(repo, "src/app.ts", "export const a = 1;\n");
  write(repo, ".gitignore", "*.log\n");
  write(repo, ".beads/issues.jsonl", '{"id":"bd-1"}\n');
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "init");
  return repo;
}

describe("treeHash", () => {
  it("gives the same hash for the same content, in another clone too", async () => {
    const repo = committedRepo();
    const first = await treeHash(repo);
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    expect(await treeHash(repo)).toBe(first);
    expect(await treeHash(path.join(repo, "src"))).toBe(first);
    const clone = path.join(root, "clone");
    git(root, "clone", "-q", repo, clone);
    expect(await treeHash(clone)).toBe(first);
  });

  it("changes with an edited tracked file, back when the edit is undone", async () => {
    const repo = committedRepo();
    const before = await treeHash(repo);
    write(repo, "src/app.ts", "export const a = 2;\n");
    expect(await treeHash(repo)).not.toBe(before);
    write(repo, "src/app.ts", "export const a = 1;\n");
    expect(await treeHash(repo)).toBe(before);
  });

  it("changes with a deleted tracked file", async () => {
    const repo = committedRepo();
    const before = await treeHash(repo);
    fs.rmSync(path.join(repo, "src/app.ts"));
    expect(await treeHash(repo)).not.toBe(before);
  });

  it("changes with an untracked file, not with an ignored one", async () => {
    const repo = committedRepo();
    const before = await treeHash(repo);
    write(repo, "debug.log", "noise\n");
    expect(await treeHash(repo)).toBe(before);
    write(repo, "src/new.ts", "export {};\n");
    expect(await treeHash(repo)).not.toBe(before);
  });

  it("ignores the manager's and tools' runtime files, tracked or not", async () => {
    const repo = committedRepo();
    const before = await treeHash(repo);
    write(repo, ".verify/log.jsonl", "{}\n");
    write(repo, ".verify/loop-status.json", "{}\n");
    write(repo, ".verify/loop-status.json.123.abc.tmp", "{");
    write(repo, ".verify/escalations/bd-1.md", "help\n");
    write(repo, ".verify/gates.json", "{}\n");
    write(repo, ".verify/summary.txt", "ok\n");
    write(repo, ".verify/crap.json", "{}\n");
    write(repo, ".verify/agent-loops/s.abc.json", "{}\n");
    write(repo, ".verify/agent-loop.log.jsonl", "{}\n");
    write(repo, ".verify/green", "");
    write(repo, ".verify/artifacts/run/trace.zip", "zip");
    write(repo, ".verify/.tracker/state", "x");
    write(repo, ".verify/loop.lock", '{"pid":1}');
    write(repo, ".verify/.tracker-write.json", '{"pid":1}');
    write(repo, ".beads/x", "x");
    write(repo, ".beads/issues.jsonl", '{"id":"bd-1","status":"closed"}\n');
    expect(await treeHash(repo)).toBe(before);
    write(repo, ".verify/greenhouse", "not a runtime file\n");
    expect(await treeHash(repo)).not.toBe(before);
  });

  it("ignores runtime files of a project nested in the repo, whichever folder asks", async () => {
    const repo = committedRepo();
    const project = path.join(repo, "packages/web");
    write(project, "index.ts", "export {};\n");
    const before = await treeHash(project);
    write(project, ".verify/log.jsonl", "{}\n");
    write(project, ".beads/x", "x");
    expect(await treeHash(project)).toBe(before);
    expect(await treeHash(repo)).toBe(before);
  });

  it("leaves the repo's own index and status alone", async () => {
    const repo = committedRepo();
    write(repo, "src/app.ts", "export const a = 3;\n");
    write(repo, "src/staged.ts", "export {};\n");
    git(repo, "add", "src/staged.ts");
    write(repo, "src/untracked.ts", "export {};\n");
    const indexBefore = fs.readFileSync(path.join(repo, ".git/index"));
    const statusBefore = git(repo, "status", "--porcelain");
    const cachedBefore = git(repo, "diff", "--cached", "--name-only");
    await treeHash(repo);
    expect(git(repo, "status", "--porcelain")).toBe(statusBefore);
    expect(git(repo, "diff", "--cached", "--name-only")).toBe(cachedBefore);
    expect(fs.readFileSync(path.join(repo, ".git/index")).equals(indexBefore)).toBe(true);
  });

  it("keeps `git diff --cached --quiet` true on a clean repo", async () => {
    const repo = committedRepo();
    write(repo, "src/untracked.ts", "export {};\n");
    await treeHash(repo);
    expect(() => git(repo, "diff", "--cached", "--quiet")).not.toThrow();
  });

  it("works in a repo with no commits", async () => {
    const repo = path.join(root, "empty");
    fs.mkdirSync(repo);
    git(repo, "init", "-q");
    const empty = await treeHash(repo);
    expect(empty).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
    write(repo, "a.txt", "a\n");
    write(repo, ".verify/log.jsonl", "{}\n");
    const withFile = await treeHash(repo);
    expect(withFile).not.toBe(empty);
    git(repo, "add", "a.txt");
    git(repo, "commit", "-q", "-m", "a");
    expect(await treeHash(repo)).toBe(withFile);
  });

  it("returns null outside a git work tree", async () => {
    const plain = path.join(root, "plain");
    fs.mkdirSync(plain);
    expect(await treeHash(plain)).toBeNull();
    expect(await treeHash(path.join(root, "missing"))).toBeNull();
  });

  it("a git that fails (a missing tree object) is one ManagerError line naming the command", async () => {
    const repo = committedRepo();
    const tree = git(repo, "rev-parse", "HEAD^{tree}").trim();
    fs.rmSync(path.join(repo, ".git", "objects", tree.slice(0, 2), tree.slice(2)));
    const failure = treeHash(repo);
    await expect(failure).rejects.toBeInstanceOf(ManagerError);
    await expect(failure).rejects.toMatchObject({
      code: "git_failed",
      message: expect.stringMatching(new RegExp(`^git read-tree failed in ${repo}: \\S[^\\n]*$`)),
      hint: expect.stringContaining("git status"),
    });
  });
});
