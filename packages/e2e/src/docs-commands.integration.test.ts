// The docs run as a newcomer would paste them: every ```sh block of docs/getting-started.md
// (and of README.md, in a folder of its own) runs in order under `bash -e` in one fresh temp
// folder outside the repo, npm's registry pointed at the local registry the packages were
// published to; a ```<lang> file=<path> block is written to that path first; a sh block whose
// first line is `# expect exit N` must exit N, every other one 0. Other blocks are prose.
// The README's folder, copied right after its install block, is also the first app of issue
// 36 §3 (gates with no config at all): one `npm install -D agent-verify` serves both. The
// README's tracker is read back after its blocks: the ticket the bug left open carries the
// manager's comment, the fixed one is closed as verified (the one real bd run of the e2e suite).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { docBlocks, type DocBlock } from "./doc-blocks.js";
import { exec } from "./exec.js";
import { checkFirstApp, FIRST_APP_INSTALL } from "./first-app.js";
import { REPO_ROOT } from "./pack.js";
import { leftWithMarker } from "./processes.js";
import { openTracker } from "./tracker.js";
import { userEnv } from "./user-env.js";

const published = inject("published");
const MARKER = `AGENT_VERIFY_E2E_DOCS_${process.pid}_${Date.now()}`;
const temp: string[] = [];
/** The README's folder right after `npm install -D agent-verify`, for the first-app test. */
const firstApp = join(mkdtempSync(join(tmpdir(), "agent-verify-first-app-")), "app");
temp.push(dirname(firstApp));
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/**
 * Run `file`'s blocks in a fresh folder; what ran, for the failure message and the count.
 * `after` sees the folder after each block that exited as it must.
 */
async function runDoc(
  file: string,
  after?: (block: DocBlock, dir: string) => Promise<void>,
): Promise<{ ran: number; written: number; dir: string; env: NodeJS.ProcessEnv }> {
  const dir = mkdtempSync(join(tmpdir(), "agent-verify-docs-"));
  temp.push(dir, `${dir}-yarn-cache`);
  const env = userEnv(published, MARKER, `${dir}-yarn-cache`);
  const name = relative(REPO_ROOT, file) || file;
  let ran = 0;
  let written = 0;
  for (const block of docBlocks(readFileSync(file, "utf8"))) {
    if (block.kind === "file") {
      mkdirSync(dirname(join(dir, block.path)), { recursive: true });
      writeFileSync(join(dir, block.path), block.text);
      written++;
      continue;
    }
    const script = join(`${dir}-yarn-cache`, `block-${block.line}.sh`);
    mkdirSync(dirname(script), { recursive: true });
    writeFileSync(script, block.script);
    const started = performance.now();
    const run = await exec("bash", ["-e", script], { cwd: dir, env, timeoutMs: 420_000 });
    process.stderr.write(
      `[e2e docs] ${name}:${block.line} exit ${run.code} in ${Math.round(performance.now() - started)} ms\n`,
    );
    expect(
      run.code,
      `${name}:${block.line} must exit ${block.expectExit}:\n${block.script}--- stdout:\n${run.stdout.slice(-3000)}\n--- stderr:\n${run.stderr.slice(-5000)}`,
    ).toBe(block.expectExit);
    ran++;
    await after?.(block, dir);
  }
  expect(await leftWithMarker(MARKER)).toEqual([]);
  return { ran, written, dir, env };
}

describe("the docs' commands, run as written", () => {
  it("docs/getting-started.md: a tiny app, install by name, init, a flow that passes, then fails, the manager", async () => {
    const { ran, written } = await runDoc(join(REPO_ROOT, "docs", "getting-started.md"));
    // The guide is commands and files, not prose only (a guide with no runnable block would pass vacuously).
    expect(ran).toBeGreaterThanOrEqual(6);
    expect(written).toBeGreaterThanOrEqual(4);
  });

  it("README.md, in its own fresh folder", async () => {
    // AGENT_VERIFY_DOCS_README runs another copy (e.g. a README being rewritten elsewhere).
    const readme = process.env.AGENT_VERIFY_DOCS_README || join(REPO_ROOT, "README.md");
    const { ran, dir, env } = await runDoc(readme, async (block, dir) => {
      if (block.kind !== "run" || !block.script.includes(FIRST_APP_INSTALL)) return;
      if (existsSync(firstApp)) return;
      const copy = await exec("cp", ["-a", dir, firstApp], { cwd: tmpdir(), env: process.env });
      expect(copy.code, copy.stderr).toBe(0);
    });
    expect(ran).toBeGreaterThanOrEqual(1);

    // "The manager on a tracker": the README's bd tracker, read back with the real bd. The
    // request filed with the bug in is open, with the manager's comment naming the failing
    // step; the one filed after the fix is closed as verified.
    const tracker = openTracker(join(dir, ".verify", ".tracker", ".beads"), env);
    const issues = tracker.list();
    const red = issues.find((issue) => issue.title === "Add one works");
    const green = issues.find((issue) => issue.title === "Add one, fixed");
    expect(red?.status, JSON.stringify(issues)).not.toBe("closed");
    const redComment = tracker.comments(red?.id ?? "")[0]?.text ?? "";
    expect(redComment.split("\n")[0]).toMatch(/attempt 1 of 3 failed/);
    expect(redComment).toMatch(/flow \*\*add-one\*\* failed at step `assert-count-1`/);
    expect(green, JSON.stringify(issues)).toMatchObject({ status: "closed" });
    expect(green?.close_reason).toMatch(/^verified: flows add-one passed/);
    // What the tools wrote (the verify log, the artifacts) is git-ignored by init's lines.
    expect(existsSync(join(dir, ".verify", "log.jsonl"))).toBe(true);
    const status = await exec("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: dir,
      env,
    });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).not.toMatch(/\.verify\/(artifacts|log\.jsonl)/);
  });

  // Issue 36 §3: `npx verify-gates` right after the README's first flow, no config at all.
  it("the README's first app, no config: npx verify-gates is exit 0 before the first commit and on master after it", async () => {
    // The README's folder as its install block left it (`git init`, `npm init -y`, `npm install
    // -D agent-verify` from the registry); when the README test did not get that far, installed
    // here the same way.
    await checkFirstApp(published, existsSync(firstApp) ? firstApp : undefined, temp);
  });
});
