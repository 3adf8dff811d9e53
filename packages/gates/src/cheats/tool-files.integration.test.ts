import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { debug, makeRepo, runCli, type Repo } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

// Issue 35 §1: a trusted tool's files edited in node_modules at the same version are caught at
// the loop's next stop. The temp repo's node_modules links to the workspace's real install; the
// packages patched here are private copies of the real vitest and @vitest/expect, placed as a
// package manager lays them out (vitest's dependencies beside it), so the real install is never
// touched and vitest still runs from the copy.
const A = "7c1b2a39-4d5e-4f60-8a71-9b8c7d6e5f40";
const TESTS_ONLY = "commands:\n  typecheck: false\n  lint: false\n  format: false\n";
// The tools' check is the floor's, whatever the commands: a stop that runs no tool still makes it.
const NO_TOOLS = `${TESTS_ONLY}  test: false\n`;

/**
 * A private copy of the installed package `name` (real folder `real`) in `store`, laid out as
 * pnpm lays out its store: the package's dependencies linked beside it (`links` override some).
 */
function privateCopy(real: string, name: string, store: string, links: Record<string, string>) {
  const siblings = name.startsWith("@") ? dirname(dirname(real)) : dirname(real);
  const modules = join(store, "node_modules");
  const link = (entry: string, target: string) => {
    mkdirSync(dirname(join(modules, entry)), { recursive: true });
    symlinkSync(target, join(modules, entry));
  };
  for (const entry of readdirSync(siblings)) {
    const inner = entry.startsWith("@") ? readdirSync(join(siblings, entry)) : [""];
    for (const part of inner) {
      const dep = part === "" ? entry : `${entry}/${part}`;
      if (dep !== name) link(dep, links[dep] ?? realpathSync(join(siblings, dep)));
    }
  }
  const copy = join(modules, name);
  // What an install (or a reinstall of the same version) does: the same content, new files.
  const install = () => {
    rmSync(copy, { recursive: true, force: true });
    cpSync(real, copy, { recursive: true, verbatimSymlinks: true });
  };
  install();
  return { copy, install };
}

/** vitest and its @vitest/expect as private copies (vitest from the repo's node_modules runs them). */
function privateVitest(repo: Repo) {
  const real = realpathSync(join(repo.dir, "node_modules", "vitest"));
  const realExpect = realpathSync(join(dirname(real), "@vitest", "expect"));
  const stores = join(repo.dir, "node_modules", ".private");
  const expect = privateCopy(realExpect, "@vitest/expect", join(stores, "expect"), {});
  const vitest = privateCopy(real, "vitest", join(stores, "vitest"), {
    "@vitest/expect": expect.copy,
  });
  rmSync(join(repo.dir, "node_modules", "vitest"));
  symlinkSync(vitest.copy, join(repo.dir, "node_modules", "vitest"));
  return {
    vitest: vitest.copy,
    expectDir: expect.copy,
    reinstall: () => {
      expect.install();
      vitest.install();
    },
  };
}

const block = (result: { stdout: string }) =>
  JSON.parse(result.stdout) as { decision: string; reason: string };

describe("the trusted tools' files are checked at every stop of a loop", () => {
  it("a patched vitest or @vitest/expect blocks the stop naming the file, even with its mtime restored; a reinstall of the same versions stays green", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": TESTS_ONLY });
    const { vitest, expectDir, reinstall } = privateVitest(repo);
    repo.write(
      "src/extra.test.ts",
      'import { expect, it } from "vitest";\nit("two", () => {\n  expect(1 + 1).toBe(2);\n});\n',
    );
    // Whole seconds: the edit below can put the mtime back exactly (utimes takes no nanoseconds).
    const entry = join(vitest, "vitest.mjs");
    const when = new Date("2024-01-02T03:04:05Z");
    utimesSync(entry, when, when);
    expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
    const claude = claudeCode(repo.dir);
    const armed = claude.verifyLoop(A);
    expect(armed.code, debug(armed)).toBe(0);
    expect((await loopOf(repo.dir, A))?.tools_snapshot).toMatch(/^[0-9a-f]{64}$/);

    // Same size, mtime put back: only the ctime (which no user process can set) tells.
    const text = readFileSync(entry, "utf8");
    const before = statSync(entry);
    writeFileSync(entry, text.replace("'./dist/cli.js'", '"./dist/cli.js"'));
    expect(readFileSync(entry, "utf8")).not.toBe(text);
    expect(readFileSync(entry).length).toBe(Buffer.byteLength(text));
    utimesSync(entry, when, when);
    const after = statSync(entry);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([
      before.size,
      before.mtimeMs,
      before.ino,
    ]);
    expect(after.ctimeMs).not.toBe(before.ctimeMs);
    const first = claude.event(stop(A, repo.dir));
    expect(first.code, debug(first)).toBe(0);
    expect(block(first).decision).toBe("block");
    expect(block(first).reason).toContain("tool-package-changed");
    expect(block(first).reason).toContain("node_modules/vitest/vitest.mjs");

    // A dependency that decides results: @vitest/expect made to pass every toBe.
    const expectFile = join(expectDir, "dist", "index.js");
    writeFileSync(expectFile, `${readFileSync(expectFile, "utf8")}\n// toBe always passes\n`);
    const second = claude.event(stop(A, repo.dir));
    expect(block(second).decision).toBe("block");
    expect(block(second).reason).toContain("@vitest/expect/dist/index.js");
    expect(block(second).reason).toContain("was changed since loop start");

    // Both reinstalled at the same versions (new files, same content): green, the loop passed.
    reinstall();
    const green = claude.event(stop(A, repo.dir));
    expect(green.code, debug(green)).toBe(0);
    expect(green.stdout).toBe("");
    expect(green.stderr).toContain("gates passed");
    expect(await loopOf(repo.dir, A)).toMatchObject({ state: "passed" });
  });
});

describe("a stop that finds the tools as recorded is remembered by the stats of what it read", () => {
  it("after a clean check, a file edited with its size and mtime kept, or a file added, still blocks", async () => {
    // No test run: each stop is red for its floor finding (a focused test) or for the tools.
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const { vitest, expectDir, reinstall } = privateVitest(repo);
    const entry = join(vitest, "vitest.mjs");
    const when = new Date("2024-01-02T03:04:05Z");
    utimesSync(entry, when, when);
    expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
    const claude = claudeCode(repo.dir);
    expect(claude.verifyLoop(A).code).toBe(0);

    // Red for another reason (a focused test): the tools are checked, found as recorded.
    const test = repo.read("src/math.test.ts");
    repo.write("src/math.test.ts", test.replace("it(", "it.on" + "ly("));
    const focused = claude.event(stop(A, repo.dir));
    expect(block(focused).decision, debug(focused)).toBe("block");
    expect(block(focused).reason).not.toContain("tool-package-changed");

    // Same size, mtime put back: the clean check's stats still differ (the ctime moved).
    repo.write("src/math.test.ts", test);
    const text = readFileSync(entry, "utf8");
    writeFileSync(entry, text.replace("'./dist/cli.js'", '"./dist/cli.js"'));
    utimesSync(entry, when, when);
    const patched = claude.event(stop(A, repo.dir));
    expect(block(patched).decision, debug(patched)).toBe("block");
    expect(block(patched).reason).toContain("node_modules/vitest/vitest.mjs");

    // Reinstalled, checked clean again (red for the focused test), then a file added to a package.
    reinstall();
    repo.write("src/math.test.ts", test.replace("it(", "it.on" + "ly("));
    const clean = claude.event(stop(A, repo.dir));
    expect(block(clean).reason, debug(clean)).not.toContain("tool-package-changed");
    repo.write("src/math.test.ts", test);
    writeFileSync(join(expectDir, "dist", "extra.js"), "export const extra = 1;\n");
    const added = claude.event(stop(A, repo.dir));
    expect(block(added).decision, debug(added)).toBe("block");
    expect(block(added).reason).toContain("dist/extra.js of @vitest/expect");
    expect(block(added).reason).toContain("was added since loop start");
  });
});
