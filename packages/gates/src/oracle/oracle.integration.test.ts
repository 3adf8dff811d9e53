import { readdirSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git, makeRepo } from "../../test/fixture.js";
import { commitOracle, openOracle, oracleKind, repoStateDir, snapshotTree } from "./index.js";

const env = () => ({
  ...process.env,
  VERIFY_STATE_DIR: mkdtempSync(join(tmpdir(), "oracle-state-")),
});

describe("the oracle snapshot", () => {
  it("holds the tests, configs and scripts as they stood, whatever the tree does later", async () => {
    const repo = makeRepo();
    const state = env();
    const taken = await snapshotTree(repo.dir, state);
    expect(taken.paths("test")).toContain("src/math.test.ts");
    expect(taken.paths()).toEqual(
      expect.arrayContaining(["package.json", "vitest.config.ts", "tsconfig.json"]),
    );
    expect(taken.paths()).not.toContain("src/math.ts");
    const before = repo.read("src/math.test.ts");
    repo.write("src/math.test.ts", "// gutted\n");
    repo.remove("vitest.config.ts");
    const reopened = await openOracle(repo.dir, state, taken.id);
    expect(await reopened.read("src/math.test.ts")).toBe(before);
    expect(await reopened.read("vitest.config.ts")).toContain("defineConfig");
    expect(await reopened.read("src/math.ts")).toBeUndefined();
  });

  it("is stored outside the working tree, and an altered object is refused, never read", async () => {
    const repo = makeRepo();
    const state = env();
    const taken = await snapshotTree(repo.dir, state);
    const dir = await repoStateDir(repo.dir, state);
    expect(dir.startsWith(repo.dir)).toBe(false);
    const hash = taken.files.get("src/math.test.ts")!.sha256;
    const objects = join(dir, "objects", hash.slice(0, 2));
    expect(readdirSync(objects)).toContain(hash.slice(2));
    writeFileSync(join(objects, hash.slice(2)), "it('passes', () => {});\n");
    const reopened = await openOracle(repo.dir, state, taken.id);
    await expect(reopened.read("src/math.test.ts")).rejects.toThrow(/altered/);
  });

  it("of a commit reads the commit's files, not the tree's", async () => {
    const repo = makeRepo();
    const base = git(repo.dir, "rev-parse", "main").trim();
    repo.write("src/math.test.ts", "// rewritten\n");
    repo.commit("rewrite the test");
    const oracle = await commitOracle(repo.dir, "main", base);
    expect(await oracle.read("src/math.test.ts")).not.toContain("rewritten");
    expect(oracle.source).toEqual({ kind: "commit", ref: "main", commit: base });
  });
});

describe("what belongs to the oracle", () => {
  it.each([
    ["src/cart.test.ts", "test"],
    ["test/setup.ts", "test-support"],
    ["src/__snapshots__/cart.test.ts.snap", "test-support"],
    ["vitest.config.mts", "test-config"],
    ["jest.config.js", "test-config"],
    ["packages/a/package.json", "package"],
    ["tsconfig.build.json", "tsconfig"],
    [".eslintignore", "lint-config"],
    [".oxlintrc.json", "lint-config"],
    ["biome.json", "lint-config"],
    [".prettierignore", "format-config"],
    [".verify/gates.yaml", "gates-config"],
  ])("%s is %s", (path, kind) => {
    expect(oracleKind(path)).toBe(kind);
  });

  it.each(["src/cart.ts", "README.md", "node_modules/x/package.json", "src/testing-utils.ts"])(
    "%s is the change's",
    (path) => {
      expect(oracleKind(path)).toBeUndefined();
    },
  );
});
