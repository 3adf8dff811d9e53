import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GatesReportSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli, type CliResult } from "../../test/fixture.js";
import { ANSWERS, TASK } from "../../test/judge-answers.js";

// A judge that keeps its request and prints the answer its argument names: each kind a model may
// give (test/judge-answers.ts; judge-answers.test.ts reads each one as the stage reads it).
const JUDGE = `import { readFileSync, writeFileSync } from "node:fs";
const input = readFileSync(0, "utf8");
writeFileSync("judge-request.json", input);
const answers = ${JSON.stringify(ANSWERS)};
process.stdout.write(answers[process.argv[2]]);
// The exit code the test names after the answer: a judge that says PASS and fails.
process.exitCode = Number(process.argv[3] ?? 0);
`;

function judgeRepo(answer: string, command = `node judge.mjs ${answer}`, extraConfig = "") {
  const repo = makeRepo({
    "judge.mjs": JUDGE,
    ".gitignore":
      "node_modules\n.verify/gates.json\n.verify/summary.txt\n.verify/green\n.verify/cache\njudge-request.json\n",
    ".verify/gates.yaml": `judge:\n  command: ${command}\n  max_requests: 1\n${extraConfig}`,
  });
  repo.write(
    "src/math.ts",
    repo.read("src/math.ts") + "export const twice = (a: number) => add(a, a);\n",
  );
  const task = join(mkdtempSync(join(tmpdir(), "gates-task-")), "TASK.md");
  writeFileSync(task, TASK);
  return { repo, task };
}

type Cli = typeof runCliInProcess | typeof runCli;

/** Through the CLI command in this process; the first test runs the bin (`runCli`). */
const run = async (
  answer: string,
  extra: string[] = [],
  input?: string,
  cli: Cli = runCliInProcess,
) => {
  const { repo, task } = judgeRepo(answer);
  const result: CliResult = await cli(
    repo.dir,
    ["--only", "floor,scope,judge", "--task-file", task, ...extra],
    {},
    input,
  );
  return { repo, task, result, report: result.report && GatesReportSchema.parse(result.report) };
};

describe("the criteria judge and its verdict", () => {
  it("gets the change, the stage report, the criteria and the rubric; a passing sentinel → exit 0", async () => {
    const { repo, result, report } = await run("pass", [], undefined, runCli);
    expect(result.code, debug(result)).toBe(0);
    const request = JSON.parse(readFileSync(join(repo.dir, "judge-request.json"), "utf8")) as {
      change: { diff: string };
      report: { stages: Array<{ stage: string; status: string }> };
      task: { id: string };
      criteria: Array<{ id: string; text: string }>;
      rubric: Array<{ level: string }>;
      instructions: string;
    };
    expect(request.change.diff).toContain("export const twice");
    expect(request.report.stages).toContainEqual(
      expect.objectContaining({ stage: "scope", status: "pass" }),
    );
    expect(request.task.id).toBe("T-9");
    expect(request.criteria).toEqual([
      { id: "AC-01", text: "twice() is exported" },
      { id: "AC-02", text: "twice() is wired into the app" },
    ]);
    expect(request.rubric.map((r) => r.level)).toEqual(["EXISTS", "SUBSTANTIVE", "WIRED"]);
    expect(request.instructions).toContain("```deadfish:VERDICT");
    expect(request.instructions).toContain("- AC-02: twice() is wired into the app");
    expect(report?.judge).toMatchObject({
      decision: "PASS",
      task_id: "T-9",
      criteria: [
        {
          id: "AC-01",
          text: "twice() is exported",
          status: "PASS",
          evidence: "twice is exported from src/math.ts",
        },
        {
          id: "AC-02",
          text: "twice() is wired into the app",
          status: "PASS",
          evidence: "used by add",
        },
      ],
      fix_forward: [],
    });
  });

  it("a failing criterion → exit 1, the finding carries the evidence, fix_forward is the next action", async () => {
    const { result, report } = await run("fail");
    expect(result.code, debug(result)).toBe(1);
    expect(report?.status).toBe("fail");
    expect(report?.findings).toEqual([
      expect.objectContaining({
        rule: "judge:AC-02",
        message: "AC-02 FAIL: twice is never called",
        hint: "Call twice() from src/index.ts",
      }),
    ]);
    expect(report?.judge).toMatchObject({
      decision: "FAIL",
      fix_forward: ["Call twice() from src/index.ts"],
    });
    expect(result.summary).toContain(
      "next (the judge's fix_forward, FAIL):\n- Call twice() from src/index.ts",
    );
  });

  // The other answers (the JSON form, each kind of unusable verdict, YES/NO) are read in
  // judge-answers.test.ts as this stage reads them; a judge that exits 3 after a passing verdict
  // is the stage's own decision, and the NEEDS_HUMAN run end to end.
  it("a passing verdict from a judge that exits 3 → NEEDS_HUMAN, exit 1, never a pass", async () => {
    const { result, report } = await run("pass 3");
    expect(result.code, debug(result)).toBe(1);
    expect(report?.status).toBe("needs_human");
    expect(report?.judge?.decision).toBe("NEEDS_HUMAN");
    expect(report?.judge?.problems).toContainEqual(
      expect.stringContaining("the judge command exited 3"),
    );
    expect(result.stdout).toContain("a person must review this change");
  });

  it("a judge past timeouts.judge_s → NEEDS_HUMAN naming the command and the limit, never a pass", async () => {
    const { repo, task } = judgeRepo("pass", "sleep 30", "timeouts:\n  judge_s: 1\n");
    const result = await runCliInProcess(repo.dir, [
      "--only",
      "floor,scope,judge",
      "--task-file",
      task,
    ]);
    expect(result.code, debug(result)).toBe(1);
    const report = GatesReportSchema.parse(result.report);
    expect(report.status).toBe("needs_human");
    expect(report.judge?.decision).toBe("NEEDS_HUMAN");
    expect(report.judge?.problems).toContainEqual(
      "the judge command 'sleep 30' did not finish within 1 s (its process group was killed)",
    );
    expect(result.stdout).toContain("raise timeouts.judge_s in .verify/gates.yaml");
  });

  it("--criteria-file - reads the criteria from stdin (a ticket's acceptance criteria) instead of the task's", async () => {
    // The answer judges AC-01 alone: a verdict on the task's AC-02 would be on other criteria.
    const { repo, result } = await run(
      "partial",
      ["--criteria-file", "-"],
      "- AC-01: twice() is exported\n",
    );
    expect(result.code, debug(result)).toBe(0);
    const request = JSON.parse(readFileSync(join(repo.dir, "judge-request.json"), "utf8")) as {
      criteria: unknown[];
    };
    expect(request.criteria).toEqual([{ id: "AC-01", text: "twice() is exported" }]);
  });
});
