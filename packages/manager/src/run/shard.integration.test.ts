import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunReportSchema, type RunReport } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

let project: FaultProject;
let out: string;
beforeAll(() => {
  project = makeFaultProject({ timeoutS: 2 });
  out = mkdtempSync(join(tmpdir(), "vm-shards-"));
});
afterAll(() => {
  killMarked(project.marker);
  rmSync(project.dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const FLOWS = ["pass", "fail", "slow-pass", "exit1-pass", "crash", "garbage", "no-browser"];
const verdicts = (report: RunReport) =>
  report.outcomes.map((o) => [o.flow, o.outcome, o.failing_step, o.error]);

async function run(args: string[]): Promise<{ code: number | null; report: RunReport }> {
  const result = await runCli(["run", ...args, "--json", "--dir", project.dir]);
  return { code: result.code, report: RunReportSchema.parse(JSON.parse(result.stdout)) };
}

describe("--shard and merge-reports", () => {
  it("shards 1/2 and 2/2 run every flow once; their merge is the report of one run", async () => {
    const [whole, one, two] = await Promise.all([
      run(FLOWS),
      run([...FLOWS, "--shard", "1/2"]),
      run([...FLOWS, "--shard", "2/2"]),
    ]);
    const flowsOf = (r: RunReport) => r.outcomes.map((o) => o.flow);
    expect([...flowsOf(one.report), ...flowsOf(two.report)].sort()).toEqual([...FLOWS].sort());
    expect(one.report.shard).toEqual({ index: 1, total: 2, selected: FLOWS });
    const files = [join(out, "1.json"), join(out, "2.json")];
    writeFileSync(files[0] as string, JSON.stringify(one.report));
    writeFileSync(files[1] as string, JSON.stringify(two.report));
    const merged = await runCli(["merge-reports", ...files]);
    expect(merged.code).toBe(whole.code);
    const report = RunReportSchema.parse(JSON.parse(merged.stdout));
    expect(verdicts(report)).toEqual(verdicts(whole.report));
    expect(report.passed).toBe(whole.report.passed);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("--durations balances by an earlier report; a shard that gets nothing passes", async () => {
    const earlier = join(out, "earlier.json");
    const { report } = await run(["pass", "slow-pass"]);
    writeFileSync(earlier, JSON.stringify(report));
    const parts = await Promise.all(
      [1, 2, 3].map((i) => run(["pass", "slow-pass", "--shard", `${i}/3`, "--durations", earlier])),
    );
    expect(parts.map((p) => p.report.outcomes.length).sort()).toEqual([0, 1, 1]);
    const empty = parts.find((p) => p.report.outcomes.length === 0);
    expect(empty?.code).toBe(0);
    expect(empty?.report.passed).toBe(true);
  });

  it("a report that is not one is a one-line error naming the file (exit 2)", async () => {
    const bad = join(out, "bad.json");
    writeFileSync(bad, JSON.stringify({ schema_version: 1, outcomes: "no" }));
    const merged = await runCli(["merge-reports", bad]);
    expect(merged.code).toBe(2);
    expect(merged.stderr.split("\n")[0]).toMatch(
      new RegExp(`^verify-manager: ${bad}: .+ \\(not a verify-manager run report\\)$`),
    );
    const missing = await runCli([
      "run",
      "--all",
      "--durations",
      join(out, "nope.json"),
      "--dir",
      project.dir,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(out, "nope.json")}: cannot read it`);
  });

  it("--grep and --grep-invert select by name or description", async () => {
    const { report } = await run(["--all", "--grep", "pass", "--grep-invert", "^slow|exit1"]);
    expect(report.outcomes.map((o) => o.flow)).toEqual(["pass"]);
    const none = await runCli(["run", "--all", "--grep", "^zzz", "--dir", project.dir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no flows selected");
  });
});
