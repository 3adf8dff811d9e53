import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

// The judge: records each request (stdin) and prints the canned answer named on its command line.
const JUDGE = [
  'import { appendFileSync, readFileSync } from "node:fs";',
  'const input = readFileSync(0, "utf8");',
  'appendFileSync("judge-requests.log", input.replace(/\\n/g, " ") + "\\n");',
  "const answers = {",
  '  pass: [{ id: "AC-01", status: "PASS", evidence: "twice() is exported" }],',
  '  fail: [{ id: "AC-01", status: "PASS", evidence: "ok" }, { id: "AC-02", status: "FAIL", evidence: "no error handling in twice()" }],',
  '  garbage: "I think it looks fine!",',
  "};",
  "const answer = answers[process.argv[2]];",
  'process.stdout.write(typeof answer === "string" ? answer : JSON.stringify(answer));',
  "",
].join("\n");

function judgeRepo(answer: string) {
  const repo = makeRepo({
    "judge.mjs": JUDGE,
    ".gitignore":
      "node_modules\n.verify/gates.json\n.verify/summary.txt\n.verify/green\njudge-requests.log\n",
    ".verify/gates.yaml": `judge:\n  command: node judge.mjs ${answer}\n  max_requests: 1\n`,
  });
  repo.write(
    "src/math.ts",
    repo.read("src/math.ts") + "export const twice = (a: number) => add(a, a);\n",
  );
  return repo;
}

const requests = (dir: string) =>
  readFileSync(join(dir, "judge-requests.log"), "utf8").split("\n").filter(Boolean);

describe("judge", () => {
  it("all PASS → exit 0; the judge got the change and the report on stdin", () => {
    const repo = judgeRepo("pass");
    const result = runCli(repo.dir, ["--only", "floor,judge"]);
    expect(result.code, debug(result)).toBe(0);
    const input = JSON.parse(requests(repo.dir)[0] ?? "{}") as {
      change: { files: Array<{ path: string }>; diff: string };
      report: { stages: unknown[] };
    };
    expect(input.change.files.map((f) => f.path)).toEqual(["src/math.ts"]);
    expect(input.change.diff).toContain("export const twice");
    expect(input.report.stages).toContainEqual(
      expect.objectContaining({ stage: "floor", status: "pass" }),
    );
  });

  it("any FAIL → exit 1 with the evidence", async () => {
    const repo = judgeRepo("fail");
    const result = await runCliInProcess(repo.dir, ["--only", "judge"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({
        rule: "judge:AC-02",
        message: "AC-02 FAIL: no error handling in twice()",
      }),
    ]);
  });

  it("garbage → needs_human, exit 1, said plainly; max_requests caps the calls for the same change", async () => {
    const repo = judgeRepo("garbage");
    const result = await runCliInProcess(repo.dir, ["--only", "judge"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.status).toBe("needs_human");
    expect(result.stdout).toContain("NEEDS HUMAN");
    expect(result.stdout).toContain("a person must review this change");
    const again = await runCliInProcess(repo.dir, ["--only", "judge"]);
    expect(again.code).toBe(1);
    expect(again.report?.status).toBe("needs_human");
    expect(requests(repo.dir)).toHaveLength(1);
  });

  it("does not run on a red tree", async () => {
    const repo = judgeRepo("pass");
    repo.write("src/b.test.ts", "it.o" + 'nly("x", () => {});\n');
    const result = await runCliInProcess(repo.dir, ["--only", "floor,judge"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.stages.find((s) => s.stage === "judge")).toMatchObject({
      status: "skip",
      reason: "the tree is not green",
    });
  });
});
