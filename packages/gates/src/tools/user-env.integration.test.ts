import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, debug, withFiles } from "../../test/fixture.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 36 §1: gates ran every tool with NO_COLOR=1 and without FORCE_COLOR, so a real suite
// that checks its own color handling failed under gates and passed under its own script.

const COLOR_SUITE = {
  "package.json": packageJson({ scripts: { test: "vitest run" } }),
  "src/paint.ts": [
    "/** Color unless the user turned it off; forced on by FORCE_COLOR. */",
    "export function usesColor(env: Record<string, string | undefined>): boolean {",
    "  if (env.NO_COLOR !== undefined) return false;",
    '  return env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0";',
    "}",
    "",
  ].join("\n"),
  "src/paint.test.ts": [
    'import { expect, it } from "vitest";',
    'import { usesColor } from "./paint.js";',
    "",
    'it("paints in the environment the caller gave it", () => {',
    '  expect(process.env.FORCE_COLOR).toBe("1");',
    "  expect(process.env.NO_COLOR).toBeUndefined();",
    "  expect(usesColor(process.env)).toBe(true);",
    "});",
    "",
  ].join("\n"),
};

/** The bin with exactly the caller's environment: FORCE_COLOR=1 and no NO_COLOR at all. */
function gatesWithColor(dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, BASE: "", FORCE_COLOR: "1" };
  delete env.NO_COLOR;
  const run = spawnSync(process.execPath, [BIN, "--only", "tests"], {
    cwd: dir,
    env,
    encoding: "utf8",
  });
  return withFiles(dir, run.status, run.stdout, run.stderr);
}

describe("the environment tools and tests see is the user's", () => {
  it("a suite asserting FORCE_COLOR set and NO_COLOR unset passes under gates as under its script", async () => {
    const repo = makeToolRepo(COLOR_SUITE);
    repo.write("src/paint.ts", `${COLOR_SUITE["src/paint.ts"]}export const plain = false;\n`);
    const result = gatesWithColor(repo.dir);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.tests?.map((t) => `${t.name}:${t.status}`)).toEqual([
      "paints in the environment the caller gave it:passed",
    ]);
  });

  it("a failing test run in color is still read by name, without escape codes", async () => {
    const repo = makeToolRepo(COLOR_SUITE);
    repo.write("src/paint.ts", COLOR_SUITE["src/paint.ts"].replace('!== "0"', '=== "0"'));
    const result = gatesWithColor(repo.dir);
    expect(result.code, debug(result)).toBe(1);
    const failed = result.report?.findings.filter((f) => f.rule === "test-failed") ?? [];
    expect(failed.map((f) => `${f.file}:${f.line}`)).toEqual(["src/paint.test.ts:4"]);
    expect(failed[0]?.message).toContain("paints in the environment the caller gave it");
    expect(failed[0]?.message).not.toContain("\u001b[");
  });
});
