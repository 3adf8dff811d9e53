import { rmSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, git, makeRepo, runCli } from "../test/fixture.js";

describe("setup problems exit 2 with a hint, never 1", () => {
  it("a base ref that does not exist", () => {
    const repo = makeRepo();
    const result = runCli(repo.dir, ["--only", "floor", "--base", "origin/nope"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.report?.error?.code).toBe("base_missing");
    expect(result.stdout).toContain("base ref 'origin/nope' does not exist");
    expect(result.stdout).toContain("hint: git fetch origin origin/nope");
  });

  it("BASE=<ref> overrides the config", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": "base: main\n" });
    const result = await runCliInProcess(repo.dir, ["--only", "floor"], { BASE: "release" });
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("base ref 'release' does not exist");
  });

  it("a shallow clone without the merge base → exit 2 with the git fetch --deepen hint", async () => {
    const repo = makeRepo();
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const a = 1;\n");
    repo.commit("feature work");
    git(repo.dir, "checkout", "-q", "main");
    repo.write("README.md", "main moved on\n");
    repo.commit("main work");
    const clone = join(mkdtempSync(join(tmpdir(), "gates-shallow-")), "clone");
    git(
      tmpdir(),
      "clone",
      "-q",
      "--depth",
      "1",
      "--no-single-branch",
      "--branch",
      "feature",
      `file://${repo.dir}`,
      clone,
    );
    const result = await runCliInProcess(clone, ["--only", "floor", "--base", "origin/main"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.report?.error?.code).toBe("history_too_shallow");
    expect(result.stdout).toContain("git fetch --deepen");
    rmSync(clone, { recursive: true, force: true });
  });

  it("a config read from the validated-config cache is still reported once it stops parsing", async () => {
    // Full runs (only they stamp), with the tool stages off: this is about the config.
    const off = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
    const repo = makeRepo({ ".verify/gates.yaml": off });
    repo.write(".verify/gates.yaml", `base: main\ncrap_threshold: 20\n${off}`);
    const first = await runCliInProcess(repo.dir, []);
    expect(first.code, debug(first)).toBe(0);
    repo.write(".verify/gates.yaml", `base: main\ncrap_threshold: lots\n${off}`);
    const broken = await runCliInProcess(repo.dir, []);
    expect(broken.code, debug(broken)).toBe(2);
    expect(broken.stdout).toContain(".verify/gates.yaml:2: crap_threshold: expected a number");
    repo.write(".verify/gates.yaml", `base: main\ncrap_threshold: 20\n${off}`);
    const again = await runCliInProcess(repo.dir, []);
    expect(again.code, debug(again)).toBe(0);
    expect(again.stdout).toContain("already verified");
  });

  it("a config that does not parse → exit 2 naming file, line and field", async () => {
    const repo = makeRepo();
    repo.write(".verify/gates.yaml", "base: main\n\ncrap_threshold: lots\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain(".verify/gates.yaml:3: crap_threshold: expected a number");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("invalid YAML → exit 2 naming the line", async () => {
    const repo = makeRepo();
    repo.write(".verify/gates.yaml", "base: main\nscope:\n  block: [a\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.report?.error?.message).toMatch(/^\.verify\/gates\.yaml:\d+: invalid YAML/);
  });

  it("an unknown key → exit 2 naming it", async () => {
    const repo = makeRepo();
    repo.write(".verify/gates.yaml", "base: main\ncrap_treshold: 10\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain(".verify/gates.yaml:2: crap_treshold: unknown key");
  });

  it("a missing tool → exit 2 naming it", async () => {
    const repo = makeRepo();
    rmSync(join(repo.dir, "node_modules", ".bin", "eslint"));
    rmSync(join(repo.dir, "node_modules", "eslint"));
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const a = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("lint: 'eslint' is not installed");
    expect(result.report?.stages.find((s) => s.stage === "lint")?.status).toBe("error");
  });

  it("a repository without package.json and no commands → exit 2, stack unknown", async () => {
    const repo = makeRepo();
    repo.remove("package.json");
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("stack unknown");
  });

  it("a usage error → exit 2", () => {
    const repo = makeRepo();
    const result = runCli(repo.dir, ["--only", "nonsense"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown stage 'nonsense'");
  });
});

describe("scope and budget", () => {
  it("a blocked file and a diff over budget → exit 1", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": "diff_budget: 3\nscope:\n  block: ['package.json']\n",
    });
    repo.write("package.json", repo.read("package.json").replace('"fixture"', '"fixture2"'));
    repo.write("src/more.ts", "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "scope"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => f.rule).sort()).toEqual([
      "blocked-file",
      "diff-budget",
    ]);
    expect(result.stdout).toContain("5 changed lines, over the diff budget of 3");
  });

  it("git-clean in post-commit mode fails on uncommitted files", async () => {
    const repo = makeRepo();
    repo.write("src/new.ts", "export const a = 1;\n");
    const result = await runCliInProcess(repo.dir, [
      "--only",
      "git-clean",
      "--mode",
      "post-commit",
    ]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({ file: "src/new.ts", rule: "uncommitted" });
  });
});
