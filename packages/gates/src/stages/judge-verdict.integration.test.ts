import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GatesReportSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli, type CliResult } from "../../test/fixture.js";

// A judge that keeps its request and prints the answer its argument names: each kind a model may give.
const JUDGE =
  String.raw`import { readFileSync, writeFileSync } from "node:fs";
const input = readFileSync(0, "utf8");
writeFileSync("judge-request.json", input);
const fence = "` +
  "```" +
  String.raw`";
const answers = {
  pass: fence + "deadfish:VERDICT\nscope: TASK\ntask_id: T-9\nverify_sh: PASS\ncriteria:\n- id: AC-01\nstatus: PASS\nevidence: \"twice is exported from src/math.ts\"\n- id: AC-02\nstatus: PASS\nevidence: \"used by add\"\ndecision: PASS\nfix_forward: []\n" + fence,
  fail: "My review:\n" + fence + "deadfish:VERDICT\ntask_id: T-9\ncriteria:\n- id: AC-01\n  status: PASS\n  evidence: exported\n- id: AC-02\n  status: FAIL\n  evidence: \"twice is never called\"\ndecision: FAIL\nfix_forward:\n- \"Call twice() from src/index.ts\"\n" + fence,
  json: JSON.stringify({ task_id: "T-9", criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }, { id: "AC-02", status: "PASS", evidence: "b" }], decision: "PASS" }),
  partial: JSON.stringify({ criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }], decision: "PASS" }),
  garbage: "Looks great to me, ship it!",
  "other-task": JSON.stringify({ task_id: "T-8", criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }, { id: "AC-02", status: "PASS", evidence: "b" }], decision: "PASS" }),
  "other-criteria": JSON.stringify({ task_id: "T-9", criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }, { id: "AC-02", status: "PASS", evidence: "b" }, { id: "AC-07", status: "PASS", evidence: "c" }], decision: "PASS" }),
  "yes-no": fence + "deadfish:VERDICT\ntask_id: T-9\ncriteria:\n- id: AC-01\n  status: YES\n  evidence: exported\n- id: AC-02\n  status: NO\n  evidence: \"never called\"\n" + fence,
  "yes-yes": JSON.stringify({ task_id: "T-9", criteria: [{ id: "AC-01", status: "yes", evidence: "a" }, { id: "AC-02", status: "Yes", evidence: "b" }] }),
};
process.stdout.write(answers[process.argv[2]]);
// The exit code the test names after the answer: a judge that says PASS and fails.
process.exitCode = Number(process.argv[3] ?? 0);
`;

const TASK = [
  "TASK_ID: T-9",
  "## FILES",
  "- path=src/math.ts action=modify",
  "## Acceptance criteria",
  "- AC-01: twice() is exported",
  "- AC-02: twice() is wired into the app",
].join("\n");

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

  it("the plain JSON form is read as well", async () => {
    const { result, report } = await run("json");
    expect(result.code, debug(result)).toBe(0);
    expect(report?.judge?.decision).toBe("PASS");
  });

  it.each([
    ["no verdict block", "garbage", "no ```deadfish:VERDICT block and no JSON verdict"],
    ["a criterion left unjudged", "partial", "AC-02: no verdict"],
    ["a passing verdict from a judge that exits 3", "pass 3", "the judge command exited 3"],
    ["a passing verdict for another task", "other-task", "a verdict is for task T-8, not T-9"],
    [
      "a passing verdict on a criterion the task does not have",
      "other-criteria",
      "AC-07: not a criterion of this task",
    ],
  ])("%s → NEEDS_HUMAN, exit 1, never a pass", async (_name, answer, problem) => {
    const { result, report } = await run(answer);
    expect(result.code, debug(result)).toBe(1);
    expect(report?.status).toBe("needs_human");
    expect(report?.judge?.decision).toBe("NEEDS_HUMAN");
    expect(report?.judge?.problems).toContainEqual(expect.stringContaining(problem));
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

  it("the seed's YES/NO wording reads as PASS/FAIL", async () => {
    const failed = await run("yes-no");
    expect(failed.result.code, debug(failed.result)).toBe(1);
    expect(failed.report?.judge?.criteria.map((c) => [c.id, c.status])).toEqual([
      ["AC-01", "PASS"],
      ["AC-02", "FAIL"],
    ]);
    const passed = await run("yes-yes");
    expect(passed.result.code, debug(passed.result)).toBe(0);
    expect(passed.report?.judge?.decision).toBe("PASS");
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
