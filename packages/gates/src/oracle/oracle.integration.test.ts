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

  it("reads many files at once exactly as git has them: multibyte text, empty, no final newline", async () => {
    const files = {
      "src/accents.test.ts": "it('café ☕ 🙂 — naïve', () => {});\n",
      "src/empty.test.ts": "",
      "src/open.test.ts": "it('no newline at the end', () => {})",
      "src/same.test.ts": "it('café ☕ 🙂 — naïve', () => {});\n",
    };
    const repo = makeRepo(files);
    const head = git(repo.dir, "rev-parse", "HEAD").trim();
    const oracle = await commitOracle(repo.dir, "HEAD", head);
    const paths = [...Object.keys(files), "src/math.test.ts", "src/not-in-the-oracle.ts"];
    const texts = await oracle.readMany(paths);
    for (const [path, text] of Object.entries(files)) expect(texts.get(path)).toBe(text);
    expect(texts.get("src/math.test.ts")).toBe(repo.read("src/math.test.ts"));
    expect(texts.has("src/not-in-the-oracle.ts")).toBe(false);
    // Kept: the tree changing later changes nothing, and one read agrees with the batch.
    repo.write("src/accents.test.ts", "// gutted\n");
    expect(await oracle.read("src/accents.test.ts")).toBe(files["src/accents.test.ts"]);
    const snapshot = await snapshotTree(repo.dir, env());
    expect(
      (await snapshot.readMany(["src/open.test.ts", "src/empty.test.ts"])).get("src/open.test.ts"),
    ).toBe(files["src/open.test.ts"]);
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
