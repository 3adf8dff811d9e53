import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { debug, makeRepo, runCli, type Repo } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 34 §4: the Stop hook, as `loop install` wrote it, with a real Claude Code Stop payload,
// on a real jest repo and a real `node --test` repo (a vitest cheat: loop-oracle.integration.test.ts).
// Each: a committed red test, the loop armed there; a cheat → blocked naming the test; then, in
// the same loop, the honest fix with a new, stricter test → allowed, the loop passed. Vitest: a
// new suppression → blocked; then the honest refactor (the red test moved, its body unchanged;
// an old suppression re-indented) → allowed.
const S = "7c6b5a49-3827-4165-9f4e-3d2c1b0a9f8e";
const TESTS_ONLY = "commands:\n  typecheck: false\n  lint: false\n  format: false\n";
const TOOL_TIMEOUT = 120_000;

function armed(
  files: Record<string, string>,
  red: Record<string, string>,
  make: (files: Record<string, string>) => Repo = makeToolRepo,
) {
  const repo = make({ ".verify/gates.yaml": TESTS_ONLY, ...files });
  for (const [path, text] of Object.entries(red)) repo.write(path, text);
  repo.commit("the task: a failing test");
  expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
  const claude = claudeCode(repo.dir);
  const started = claude.verifyLoop(S);
  expect(started.code, debug(started)).toBe(0);
  return { repo, claude };
}

function blockedOn(claude: ReturnType<typeof claudeCode>, repo: Repo, file: string): void {
  const answer = claude.event(stop(S, repo.dir));
  expect(answer.code, debug(answer)).toBe(0);
  const parsed = JSON.parse(answer.stdout) as { decision: string; reason: string };
  expect(parsed.decision).toBe("block");
  expect(parsed.reason).toContain(file);
}

async function allowed(claude: ReturnType<typeof claudeCode>, repo: Repo): Promise<void> {
  const answer = claude.event(stop(S, repo.dir));
  expect(answer.code, debug(answer)).toBe(0);
  expect(answer.stdout).toBe("");
  expect(answer.stderr).toContain("gates passed");
  expect(await loopOf(repo.dir, S)).toMatchObject({ state: "passed" });
}

describe("jest: the Stop hook", () => {
  const PRICE =
    "function discount(price, code) {\n  return price;\n}\nmodule.exports = { discount };\n";
  const RED = [
    'const { discount } = require("./price");',
    "",
    'test("takes 10 off with SAVE10", () => {',
    '  expect(discount(100, "SAVE10")).toBe(90);',
    "});",
    "",
  ].join("\n");
  const repoFiles = {
    "package.json": packageJson({
      type: "commonjs",
      scripts: { test: "jest" },
      devDependencies: { jest: "*" },
    }),
    "src/price.js": PRICE,
  };

  it(
    "the expected value edited, then the test skipped: blocked each time; then the fix and a new, stricter test are allowed once green",
    async () => {
      // One loop for the cheats and the honest change after them (arming is two bin starts).
      const { repo, claude } = armed(repoFiles, { "src/price.test.js": RED });
      repo.write("src/price.test.js", RED.replace("toBe(90)", "toBe(100)"));
      blockedOn(claude, repo, "src/price.test.js");
      repo.write("src/price.test.js", RED.replace('test("takes', 'test.skip("takes'));
      blockedOn(claude, repo, "src/price.test.js");

      repo.write(
        "src/price.js",
        PRICE.replace("return price;", 'return code === "SAVE10" ? price - 10 : price;'),
      );
      repo.write(
        "src/price.test.js",
        `${RED}\ntest("keeps the price without a code", () => {\n  expect(discount(100, "")).toStrictEqual(100);\n});\n`,
      );
      await allowed(claude, repo);
    },
    TOOL_TIMEOUT,
  );
});

describe("node --test: the Stop hook", () => {
  const PRICE = "export function discount(price, code) {\n  return price;\n}\n";
  const RED = [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { discount } from "../src/price.js";',
    "",
    'test("takes 10 off with SAVE10", () => {',
    '  assert.equal(discount(100, "SAVE10"), 90);',
    "});",
    "",
  ].join("\n");
  const repoFiles = {
    "package.json": packageJson({ scripts: { test: "node --test test/" } }),
    "src/price.js": PRICE,
  };

  it(
    "the red test deleted, then skipped: blocked each time; then the fix and a new test are allowed once green",
    async () => {
      const { repo, claude } = armed(repoFiles, { "test/price.test.js": RED });
      repo.remove("test/price.test.js");
      blockedOn(claude, repo, "test/price.test.js");
      repo.write("test/price.test.js", RED.replace('test("takes', 'test.skip("takes'));
      blockedOn(claude, repo, "test/price.test.js");

      repo.write(
        "src/price.js",
        PRICE.replace("return price;", 'return code === "SAVE10" ? price - 10 : price;'),
      );
      repo.write(
        "test/price.test.js",
        `${RED}\ntest("keeps the price without a code", () => {\n  assert.strictEqual(discount(100, ""), 100);\n});\n`,
      );
      await allowed(claude, repo);
    },
    TOOL_TIMEOUT,
  );
});

describe("vitest: the Stop hook", () => {
  const dis = "disable";
  const LEGACY = `// eslint-${dis}-next-line no-console\nconsole.log("legacy");\n`;
  const RED = [
    'import { expect, it } from "vitest";',
    'import { add } from "./math.js";',
    "",
    'it("adds three", () => {',
    "  expect(add(1, 2, 3)).toBe(6);",
    "});",
    "",
  ].join("\n");

  it(
    "the fix with a new suppression is blocked on it; the fix, the red test moved to another file unchanged, an old suppression re-indented: allowed once green",
    async () => {
      const { repo, claude } = armed(
        { "src/legacy.ts": LEGACY },
        { "src/three.test.ts": RED },
        makeRepo,
      );
      repo.write(
        "src/math.ts",
        "export function add(...xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n",
      );
      repo.write("src/fresh.ts", LEGACY);
      blockedOn(claude, repo, "src/fresh.ts");

      // The honest refactor, in the same loop: the new suppression gone.
      repo.remove("src/fresh.ts");
      repo.remove("src/three.test.ts");
      repo.write("src/add.test.ts", RED);
      repo.write(
        "src/legacy.ts",
        `export function log(): void {\n  // eslint-${dis}-next-line   no-console\n  console.log("legacy");\n}\n`,
      );
      await allowed(claude, repo);
    },
    TOOL_TIMEOUT,
  );
});
