import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
// The bin runs the last two tests (a task file named relative to the working directory, a bad
// one); the other branches go through the same command in this process.
import { debug, git, makeRepo, runCli } from "../../test/fixture.js";

const ONLY_SCOPE = ["--only", "scope"];

function taskFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "gates-task-")), "TASK.md");
  writeFileSync(file, text);
  return file;
}

const scopeFindings = (result: ReturnType<typeof runCli>) =>
  (result.report?.findings ?? []).map((f) => `${f.rule} ${f.file ?? "-"}`);

describe("--task-file", () => {
  it("a change inside ## FILES with each add and delete done → exit 0", async () => {
    const repo = makeRepo({ "src/old.ts": "export const old = 1;\n" });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.write("src/jwt.ts", "export const jwt = 1;\n");
    repo.remove("src/old.ts");
    const task = taskFile(
      [
        "TASK_ID: T-1",
        "## FILES",
        "- path: src/math.ts",
        "  action: modify",
        "  rationale: export one",
        "- path: src/jwt.ts",
        "  action: add",
        "- path=src/old.ts action=delete",
      ].join("\n"),
    );
    const result = await runCliInProcess(repo.dir, [...ONLY_SCOPE, "--task-file", task]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report).toMatchObject({
      task: { file: task, id: "T-1", files: 3, estimated_diff: null, criteria: 0 },
    });
  });

  it("a file outside the task, an add not done, a delete not done, blocked files still apply → exit 1", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": "scope:\n  block: [src/math.test.ts]\n",
      "src/old.ts": "export const old = 1;\n",
    });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.write("src/extra.ts", "export const extra = 1;\n");
    repo.write("src/math.test.ts", repo.read("src/math.test.ts") + "\n");
    const task = taskFile(
      [
        "## FILES",
        "- path: src/math.ts",
        "  action: add",
        "- path: src/old.ts",
        "  action: delete",
        "- path: src/math.test.ts",
        "  action: modify",
      ].join("\n"),
    );
    const result = await runCliInProcess(repo.dir, [...ONLY_SCOPE, "--task-file", task]);
    expect(result.code, debug(result)).toBe(1);
    expect(scopeFindings(result).sort()).toEqual([
      "blocked-file src/math.test.ts",
      "not-in-task src/extra.ts",
      "task-action src/math.ts",
      "task-action src/old.ts",
    ]);
    const messages = result.report?.findings.map((f) => f.message) ?? [];
    expect(messages).toContain(`${task}:2 says add src/math.ts, but it was modified, not added`);
    expect(messages).toContain(`${task}:4 says delete src/old.ts, but it was not deleted`);
  });

  it("ESTIMATED_DIFF: N sets the diff budget to 3 × N changed lines", async () => {
    const repo = makeRepo();
    const lines = Array.from({ length: 7 }, (_, i) => `export const v${i} = ${i};`).join("\n");
    repo.write("src/math.ts", `${repo.read("src/math.ts")}${lines}\n`);
    const within = await runCliInProcess(repo.dir, [
      ...ONLY_SCOPE,
      "--task-file",
      taskFile("ESTIMATED_DIFF: 3\n"),
    ]);
    expect(within.code, debug(within)).toBe(0);
    const task = taskFile("ESTIMATED_DIFF: 2\n");
    const over = await runCliInProcess(repo.dir, [...ONLY_SCOPE, "--task-file", task]);
    expect(over.code, debug(over)).toBe(1);
    expect(over.report?.findings.map((f) => f.message)).toEqual([
      `7 changed lines, over the diff budget of 6 (3 × ESTIMATED_DIFF 2 in ${task})`,
    ]);
  });

  it("env fallbacks: VERIFY_TASK_FILE, VERIFY_PROJECT_DIR, VERIFY_BASE_COMMIT, VERIFY_MODE", async () => {
    const repo = makeRepo();
    repo.write("src/extra.ts", "export const extra = 1;\n");
    const base = git(repo.dir, "rev-parse", "main").trim();
    const elsewhere = mkdtempSync(join(tmpdir(), "gates-cwd-"));
    const result = await runCliInProcess(elsewhere, ONLY_SCOPE, {
      VERIFY_TASK_FILE: taskFile("## FILES\n- path=src/math.ts action=modify\n"),
      VERIFY_PROJECT_DIR: repo.dir,
      VERIFY_BASE_COMMIT: base,
      VERIFY_MODE: "pre-commit",
    });
    expect(result.code, debug(result)).toBe(1);
    expect(result.stdout).toContain("src/extra.ts [scope/not-in-task]");
  });

  it("a task file inside the repository is input, not part of the change", () => {
    const repo = makeRepo();
    repo.write("TASK.md", "## FILES\n- path=src/math.ts action=modify\n");
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    const result = runCli(repo.dir, [...ONLY_SCOPE, "--task-file", "TASK.md"]);
    expect(result.code, debug(result)).toBe(0);
  });

  it("a bad task file → exit 2 with one line naming the file and line; a missing one likewise", () => {
    const repo = makeRepo();
    const task = taskFile("# t\n\n## FILES\n- path: src/a.ts\n  action: rewrite\n");
    const bad = runCli(repo.dir, ["--task-file", task]);
    expect(bad.code, debug(bad)).toBe(2);
    expect(bad.stdout).toContain(`error: ${task}:5: action 'rewrite' is not add, modify or delete`);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const missing = runCli(repo.dir, ["--task-file", "nope.md"]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain("error: task file nope.md: not found");
  });

  it("a NUL byte in the task file or in .verify/gates.yaml → exit 2, one line naming file:line", async () => {
    const repo = makeRepo();
    const task = taskFile("TASK_ID: T-1\n## FILES\n- path=src/math.ts\u0000 action=modify\n");
    const bad = await runCliInProcess(repo.dir, [...ONLY_SCOPE, "--task-file", task]);
    expect(bad.code, debug(bad)).toBe(2);
    expect(bad.stdout).toContain(`error: ${task}:3: a NUL byte (column 19)`);
    const config = makeRepo({ ".verify/gates.yaml": "base: main\nmode: pre\u0000commit\n" });
    const broken = await runCliInProcess(config.dir, ONLY_SCOPE);
    expect(broken.code, debug(broken)).toBe(2);
    expect(broken.stdout).toMatch(/gates\.yaml:2: invalid YAML: a NUL byte \(column 10\)/);
  });
});
