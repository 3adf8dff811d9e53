import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRODUCT_FILES } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, type Repo } from "../../test/fixture.js";

// Issue 33 §1: in a repo where `agent-verify init` never ran, .gitignore lists none of the
// files agent-verify writes; they are still the product's, never the change.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const BARE_GITIGNORE = "node_modules\ncoverage\n";

/** A file each product pattern covers: a folder gets a file inside, `*` a pid-like part. */
const sample = (pattern: string) =>
  pattern.endsWith("/") ? `${pattern}x/one.json` : pattern.replaceAll("*", ".4242.ab12.tmp");

/** Every product file, at the top and in a project folder below it (the manager's --dir). */
function writeProductFiles(repo: Repo): string[] {
  const paths = PRODUCT_FILES.filter((f) => !f.pattern.startsWith("node_modules/")).flatMap((f) => [
    sample(f.pattern),
    `apps/web/${sample(f.pattern)}`,
  ]);
  for (const path of paths) repo.write(path, '{"written":"by agent-verify"}\n');
  return paths;
}

function taskFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "gates-task-")), "TASK.md");
  writeFileSync(file, text);
  return file;
}

const TASK = [
  "TASK_ID: T-1",
  "ESTIMATED_DIFF: 1",
  "## FILES",
  "- path: src/math.ts",
  "  action: modify",
].join("\n");

type Report = {
  mode: string;
  changed_files: Array<{ path: string }>;
  stages: Array<{ stage: string; status: string }>;
  findings: Array<{ rule: string; file: string | null }>;
};
const reportOf = (result: { report: unknown }) => result.report as Report;
const changed = (report: Report) => report.changed_files.map((f) => f.path).sort();

function bareRepo(gatesYaml: string): Repo {
  const repo = makeRepo({ ".gitignore": BARE_GITIGNORE, ".verify/gates.yaml": gatesYaml });
  // A product file committed on the base, then rewritten by the product: still not the change.
  repo.write(".verify/log.jsonl", '{"attempt":1}\n');
  repo.commit("a verify log committed by mistake");
  return repo;
}

describe("agent-verify's own files are never the change (no .gitignore lines for them)", () => {
  it("only product files written, tracked or not: no changed files, no scope, task or budget finding", async () => {
    const repo = bareRepo(`${NO_TOOLS}diff_budget: 1\n`);
    repo.write(".verify/log.jsonl", '{"attempt":1}\n{"attempt":2}\n');
    writeProductFiles(repo);
    const task = taskFile(TASK);
    const result = await runCliInProcess(repo.dir, ["--only", "scope", "--task-file", task]);
    expect(result.code, debug(result)).toBe(0);
    const report = reportOf(result);
    expect(changed(report)).toEqual([]);
    expect(report.findings).toEqual([]);
  });

  it("the user's own .verify/ files (config, flows) stay part of the change and of the task's scope", async () => {
    const repo = bareRepo(`${NO_TOOLS}diff_budget: 100\n`);
    writeProductFiles(repo);
    repo.write(".verify/gates.yaml", `${NO_TOOLS}diff_budget: 100\nscope:\n  block: []\n`);
    repo.write(".verify/workflows.yaml", "version: 1\nrunner_command: run {flow}\nflows: []\n");
    repo.write(".verify/src/flows/cart.ts", "export default {};\n");
    const task = taskFile(TASK);
    const result = await runCliInProcess(repo.dir, ["--only", "scope", "--task-file", task]);
    expect(result.code, debug(result)).toBe(1);
    const report = reportOf(result);
    const user = [".verify/gates.yaml", ".verify/src/flows/cart.ts", ".verify/workflows.yaml"];
    expect(changed(report)).toEqual(user);
    const notInTask = report.findings.filter((f) => f.rule === "not-in-task").map((f) => f.file);
    expect(notInTask.sort()).toEqual(user);
  });

  it("post-commit: a committed change with only product files beside it is clean (git-clean passes)", async () => {
    const repo = bareRepo(NO_TOOLS);
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.commit("one");
    repo.write(".verify/log.jsonl", '{"attempt":1}\n{"attempt":2}\n');
    writeProductFiles(repo);
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    const report = reportOf(result);
    expect(report.mode).toBe("post-commit");
    expect(report.stages.find((s) => s.stage === "git-clean")?.status).toBe("pass");
    expect(changed(report)).toEqual(["src/math.ts"]);
  });

  it("post-commit: any other uncommitted file is still a git-clean finding", async () => {
    const repo = bareRepo(`${NO_TOOLS}mode: post-commit\n`);
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.commit("one");
    writeProductFiles(repo);
    repo.write(".verify/notes.md", "mine\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(1);
    const report = reportOf(result);
    const dirty = report.findings.filter((f) => f.rule === "uncommitted").map((f) => f.file);
    expect(dirty).toEqual([".verify/notes.md"]);
  });
});
