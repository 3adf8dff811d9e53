import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RunReportSchema } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeBrowserProject, type BrowserProject } from "../../test/helpers/browser-project.js";
import { processesWithEnv, waitForNoneWithEnv } from "../../test/helpers/kill-run.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { verifyTicket } from "../ticket/verify-ticket.js";

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

const linesOf = (file: string) =>
  existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];
const launches = (project: BrowserProject) => linesOf(project.launchLog);
/** How each runner was started, sorted (their order at --jobs 2 is not fixed). */
const runnerStarts = (project: BrowserProject) => linesOf(project.runLog).sort();

describe("a warm browser per manager run", () => {
  // One worker per job, --jobs 1 included, is the manager's choice: supervise/worker.integration
  // proves it over a stand-in worker. Here the real runner and Chromium: one browser, a fresh
  // context per flow (a worker runs two of the three flows), and `isolation: process` agrees.
  it("runners share one browser, each flow in a fresh context; nothing is left after; with `isolation: process` a runner per flow gives the same outcomes", async () => {
    const project = await makeBrowserProject(["one", "two", "three"]);
    made.push(project);
    const run = await runCli(["run", "--all", "--jobs", "2", "--json", "--dir", project.dir], {
      env: project.env,
    });
    const report = RunReportSchema.parse(JSON.parse(run.stdout));
    expect(report.outcomes.map((o) => [o.flow, o.outcome, o.error])).toEqual([
      ["one", "pass", null],
      ["two", "pass", null],
      ["three", "pass", null],
    ]);
    expect(run.code).toBe(0);
    expect(launches(project)).toHaveLength(1);
    // Two jobs, two long-lived runners for the three flows: each flow judged from its own line.
    expect(runnerStarts(project)).toEqual(["--browser-server", "--list", "--worker", "--worker"]);
    expect(report.outcomes.map((o) => [o.isolation, o.exit_code])).toEqual([
      ["worker", null],
      ["worker", null],
      ["worker", null],
    ]);
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 8000)).toEqual([]);

    const inWorker = report.outcomes.map((o) => [o.flow, o.outcome, o.failing_step]);
    rmSync(project.runLog);
    appendFileSync(join(project.dir, ".verify", "workflows.yaml"), "isolation: process\n");
    const isolated = await runCli(["run", "--all", "--jobs", "1", "--json", "--dir", project.dir], {
      env: project.env,
    });
    expect(isolated.code, isolated.stderr).toBe(0);
    expect(
      RunReportSchema.parse(JSON.parse(isolated.stdout)).outcomes.map((o) => [
        o.flow,
        o.outcome,
        o.failing_step,
      ]),
    ).toEqual(inWorker);
    expect(runnerStarts(project)).toEqual(["--browser-server", "--list", "one", "three", "two"]);
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 8000)).toEqual([]);
  });

  it("VERIFY_WARM_BROWSER=0 gives the same outcomes with a browser per runner", async () => {
    const project = await makeBrowserProject(["one", "two"]);
    made.push(project);
    const run = await runCli(["run", "--all", "--json", "--dir", project.dir], {
      env: { ...project.env, VERIFY_WARM_BROWSER: "0" },
    });
    expect(run.code).toBe(0);
    expect(RunReportSchema.parse(JSON.parse(run.stdout)).passed).toBe(true);
    expect(launches(project)).toHaveLength(2);
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 8000)).toEqual([]);
  });
});

describe("a warm browser per ticket attempt", () => {
  // In process, as `verify-manager issue` runs it (commands/issue.ts calls verifyTicket), over a
  // memory tracker: the real runner and Chromium are the point here. A close on the real bd
  // through the bin: issue.integration.test.ts (fault runner) and end-to-end (Chromium).
  it("an attempt runs the Verify: flows over one browser, each in a fresh context, and closes the ticket", async () => {
    const project = await makeBrowserProject(["one", "two"]);
    made.push(project);
    const tracker = new MemoryTracker();
    const id = tracker.create({ title: "two flows", description: "Verify:\n- one\n- two\n" });
    const result = await verifyTicket({ dir: project.dir, id, tracker, env: project.env });
    expect(result, JSON.stringify(result.entry)).toMatchObject({
      verdict: "passed",
      action: "closed",
    });
    expect(tracker.issue(id).status).toBe("closed");
    expect(launches(project)).toHaveLength(1);
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 8000)).toEqual([]);
  });
});

describe("the warm browser after a crash", () => {
  it("a manager killed with SIGKILL leaves no browser, runner or web server behind", async () => {
    const { spawn } = await import("node:child_process");
    const { BIN } = await import("../../test/helpers/cli.js");
    const project = await makeBrowserProject(["one", "two"]);
    made.push(project);
    const child = spawn(process.execPath, [BIN, "run", "--all", "--dir", project.dir], {
      env: project.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((ready) =>
      child.stderr.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("start one")) ready();
      }),
    );
    expect(launches(project)).toHaveLength(1);
    child.kill("SIGKILL");
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 15_000)).toEqual([]);
  });
});
