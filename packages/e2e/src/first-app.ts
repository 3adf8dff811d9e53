// Issue 36 §3: `npx verify-gates` right after the README's first flow — `git init`, `npm init
// -y`, `npm install -D agent-verify` from the registry, the README's page, init, its page object
// and flow — with no config at all: exit 0 (or a real finding), never a setup error. The base
// there is `master` (or nothing yet), the test script is npm's placeholder, there is no
// tsconfig.json though typescript came with agent-verify, and no linter or formatter.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { GatesReportSchema } from "@agent-verify/contract";
import { expect } from "vitest";
import { docBlocks } from "./doc-blocks.js";
import { exec, jsonOf, type Exec } from "./exec.js";
import { REPO_ROOT } from "./pack.js";
import { leftWithMarker } from "./processes.js";
import type { Published } from "./publish.js";
import { freePort } from "./registry.js";
import { userEnv } from "./user-env.js";

/** The README's install command (its first sh block ends with it). */
export const FIRST_APP_INSTALL = "npm install -D agent-verify";

const show = (run: Exec) =>
  `exit ${run.code}\n${run.stdout.slice(-4000)}\n--- stderr:\n${run.stderr.slice(-4000)}`;

/** The README's files (```<lang> file=<path> blocks), as a newcomer saves them. */
function writeReadmeFiles(dir: string): string[] {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const written: string[] = [];
  for (const block of docBlocks(readme)) {
    if (block.kind !== "file") continue;
    mkdirSync(dirname(join(dir, block.path)), { recursive: true });
    writeFileSync(join(dir, block.path), block.text);
    written.push(block.path);
  }
  return written;
}

/**
 * The first app's checks, in `installed` (a folder where `npm init -y` and `npm install -D
 * agent-verify` ran, not yet committed; its git repository is made again, with `master` as the
 * branch) or, without one, in a fresh folder where they run now. Temp folders go to `temp`.
 */
export async function checkFirstApp(
  published: Published,
  installed: string | undefined,
  temp: string[],
): Promise<void> {
  const MARKER = `AGENT_VERIFY_E2E_FIRST_APP_${process.pid}_${Date.now()}`;
  const dir = installed ?? mkdtempSync(join(tmpdir(), "agent-verify-first-app-"));
  temp.push(dir, `${dir}-yarn-cache`);
  const env = userEnv(published, MARKER, `${dir}-yarn-cache`);
  const run = (file: string, args: string[], timeoutMs = 120_000) =>
    exec(file, args, { cwd: dir, env, timeoutMs });
  // `git init` as git does it without a configured default: the branch is `master`.
  rmSync(join(dir, ".git"), { recursive: true, force: true });
  expect((await run("git", ["-c", "init.defaultBranch=master", "init", "-q"])).code).toBe(0);
  if (!installed) {
    expect((await run("npm", ["init", "-y"])).code).toBe(0);
    const install = await run("npm", FIRST_APP_INSTALL.split(" ").slice(1), 300_000);
    expect(install.code, show(install)).toBe(0);
  }
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    devDependencies?: Record<string, string>;
  };
  expect(manifest.devDependencies).toHaveProperty("agent-verify");
  expect(writeReadmeFiles(dir)).toContain("index.html");
  const port = await freePort();
  const init = await run("npx", [
    "agent-verify",
    "init",
    "--static",
    ".",
    "--base-url",
    `http://127.0.0.1:${port}`,
  ]);
  expect(init.code, show(init)).toBe(0);

  const gates = async () => {
    const result = await run("npx", ["verify-gates", "--json"], 300_000);
    return { result, report: GatesReportSchema.parse(jsonOf(result)) };
  };
  const skipped = (report: ReturnType<typeof GatesReportSchema.parse>) =>
    Object.fromEntries(
      report.stages.filter((s) => s.status === "skip").map((s) => [s.stage, s.reason]),
    );

  // No commit yet: every file is the change, judged against the empty tree.
  const first = await gates();
  expect([first.result.code, first.report.status], show(first.result)).toEqual([0, "pass"]);
  expect(first.report.changed_files.map((f) => f.path)).toContain("index.html");
  // init's .verify/tsconfig.json is the flows' project: zero config typechecks it (issue 46).
  expect(first.report.stages.find((s) => s.stage === "typecheck")?.status).toBe("pass");
  expect(skipped(first.report)).toMatchObject({
    lint: "no lint tool in package.json",
    format: "no format tool in package.json",
    tests: "no tests (package.json's test script is npm's placeholder)",
  });
  const summary = readFileSync(join(dir, ".verify", "summary.txt"), "utf8");
  expect(summary).toMatch(/^skipped: .*lint \(no lint tool in package\.json\)/m);
  expect(summary).not.toMatch(/typecheck \(no tsconfig\.json\)/);

  // Committed on master, then a small change: the base is the branch the repository has.
  const git = ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"];
  expect((await run("git", [...git, "add", "-A"])).code).toBe(0);
  expect((await run("git", [...git, "commit", "-qm", "first app"])).code).toBe(0);
  const page = readFileSync(join(dir, "index.html"), "utf8");
  writeFileSync(join(dir, "index.html"), page.replace("<h1>Counter</h1>", "<h1>My counter</h1>"));
  const second = await gates();
  expect([second.result.code, second.report.status], show(second.result)).toEqual([0, "pass"]);
  expect(second.report.base.ref).toBe("master");
  expect(second.report.changed_files.map((f) => f.path)).toEqual(["index.html"]);
  expect(await leftWithMarker(MARKER)).toEqual([]);
}
