import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RunReportSchema, type FlowOutcome } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeBrowserProject, type BrowserProject } from "../../test/helpers/browser-project.js";
import { processesWithEnv, waitForNoneWithEnv } from "../../test/helpers/kill-run.js";

// The real runner over real Chromium: `always-fails` fails every run; `flaky-once` fails its
// first run in a project and passes after (a file in the project folder remembers).
const ALWAYS_FAILS = `
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "always-fails",
  async run({ page, step, expect }) {
    await step("open", () => page.goto("/"));
    await step("heading", () => expect(page.locator("h1")).toHaveText("Nope", { timeout: 300 }));
  },
});
`;
const FLAKY_ONCE = `
import { existsSync, writeFileSync } from "node:fs";
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "flaky-once",
  async run({ page, step }) {
    await step("open", () => page.goto("/"));
    await step("second-time-lucky", async () => {
      const seen = existsSync("flaky-once.seen");
      writeFileSync("flaky-once.seen", "1");
      if (!seen) throw new Error("the first run fails");
    });
  },
});
`;

const made: BrowserProject[] = [];
afterAll(() => {
  for (const project of made) {
    for (const pid of processesWithEnv(`${project.marker}=1`)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    rmSync(project.dir, { recursive: true, force: true });
  }
});

async function project(): Promise<BrowserProject> {
  const made_ = await makeBrowserProject(["one", "always-fails", "flaky-once"]);
  made.push(made_);
  writeFileSync(join(made_.dir, ".verify/src/flows/always-fails.ts"), ALWAYS_FAILS);
  writeFileSync(join(made_.dir, ".verify/src/flows/flaky-once.ts"), FLAKY_ONCE);
  return made_;
}

const runs = (p: BrowserProject) => readFileSync(p.runLog, "utf8").trim().split("\n").sort();
const byFlow = (outcomes: FlowOutcome[], flow: string) =>
  outcomes.find((o) => o.flow === flow) as FlowOutcome;
const traceOf = (o: FlowOutcome) => o.artifacts?.trace as string | undefined;

describe("the manager's default trace policy, on-first-retry", () => {
  it("runs a failing flow once more with the trace on; a pass on that run is flaky, and exit 1", async () => {
    const p = await project();
    const run = await runCli(["run", "--all", "--jobs", "1", "--json", "--dir", p.dir], {
      env: p.env,
    });
    expect(run.code, run.stderr).toBe(1);
    const report = RunReportSchema.parse(JSON.parse(run.stdout));
    expect(report.passed).toBe(false);
    const one = byFlow(report.outcomes, "one");
    expect([one.outcome, one.first_attempt, traceOf(one)]).toEqual(["pass", undefined, undefined]);

    const failing = byFlow(report.outcomes, "always-fails");
    expect(failing.outcome).toBe("fail");
    expect(failing.failing_step).toBe("heading");
    expect(failing.first_attempt).toMatchObject({ outcome: "fail", failing_step: "heading" });
    const trace = traceOf(failing);
    expect(trace && readFileSync(trace).subarray(0, 2).toString()).toBe("PK");

    const flaky = byFlow(report.outcomes, "flaky-once");
    expect(flaky.outcome).toBe("flaky");
    expect(flaky.first_attempt).toMatchObject({ outcome: "fail" });
    expect([flaky.failing_step, flaky.error]).toEqual(["second-time-lucky", "the first run fails"]);
    expect(flaky.result?.status).toBe("pass");
    const flakyTrace = traceOf(flaky);
    expect(flakyTrace && existsSync(flakyTrace)).toBe(true);
    expect(run.stderr).toContain("flaky-once: fail, running it once more with the trace on");

    // One worker ran the three (its trace off), then each failure had a runner of its own.
    expect(runs(p)).toEqual([
      "--browser-server",
      "--list",
      "--worker",
      "always-fails",
      "flaky-once",
    ]);
    expect(await waitForNoneWithEnv(`${p.marker}=1`, 8000)).toEqual([]);
  });

  it("--trace retain-on-failure runs each flow once, its failure traced", async () => {
    const p = await project();
    const run = await runCli(
      ["run", "always-fails", "--trace", "retain-on-failure", "--json", "--dir", p.dir],
      { env: p.env },
    );
    expect(run.code, run.stderr).toBe(1);
    const [outcome] = RunReportSchema.parse(JSON.parse(run.stdout)).outcomes;
    expect(outcome?.outcome).toBe("fail");
    expect(outcome?.first_attempt).toBeUndefined();
    const trace = outcome && traceOf(outcome);
    expect(trace && existsSync(trace)).toBe(true);
    expect(runs(p)).toEqual(["--list", "always-fails"]);
  });

  it("a bad --trace is a usage error (exit 2) naming the policies", async () => {
    const run = await runCli(["run", "x", "--trace", "sometimes"]);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).toContain(
      "expected off, on, retain-on-failure, on-first-retry",
    );
  });

  // A ticket whose flow is flaky stays open: the ticket loop reruns a failure itself (no
  // on-first-retry, trace-policy.ts), so that is the ticket decision's, proven in process by
  // decisions.integration.test.ts ("flaky": verdict failed, decision flaky, not closed) and, over
  // the real runner, Chromium and bd, the ticket rerun by end-to-end.integration.test.ts.
});
