import { existsSync, readFileSync, rmSync } from "node:fs";
import { FlowOutcomeSchema } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest } from "../flows/manifest.js";
import { listedRunner, startList } from "../flows/list.js";
import { superviseFlows } from "../run/run-flows.js";
import {
  makeFaultWorkerProject,
  type FaultWorkerProject,
} from "../../test/helpers/fault-worker.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

const made: FaultWorkerProject[] = [];
afterAll(() => {
  for (const project of made) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
});

async function supervise(
  project: FaultWorkerProject,
  names: string[],
  jobs = 1,
  killGraceMs = 500,
) {
  const manifest = readManifest(project.dir);
  const { flows, capabilities } = listedRunner(await startList(project.dir, manifest));
  return superviseFlows(project.dir, manifest, flows, names, {
    jobs,
    capabilities,
    timeoutGraceMs: 500,
    killGraceMs,
    env: { ...process.env, FAULT_WORKER_LOG: project.log },
  });
}

/** [worker pid, flow] for each flow a worker was asked for, in order. */
function askedOf(project: FaultWorkerProject): Array<[string, string]> {
  if (!existsSync(project.log)) return [];
  return readFileSync(project.log, "utf8")
    .trim()
    .split("\n")
    .map((entry) => entry.split(" ", 2) as [string, string])
    .filter(([, what]) => what !== "start");
}

describe("flows in a long-lived runner worker", () => {
  it("each worker fault is judged as a one-flow runner's would be, and the next flow gets a fresh worker", async () => {
    const project = makeFaultWorkerProject();
    made.push(project);
    const names = [
      "pass",
      "fail",
      "hang",
      "pass",
      "crash",
      "pass",
      "garbage",
      "pass",
      "other-flow",
      "pass",
      "two-lines",
      "slow-pass",
      "pass",
      "flood",
      "pass",
      "escapee-pass",
      "fail",
    ];
    const outcomes = await supervise(project, names);
    expect(outcomes.map((o) => [o.flow, o.outcome])).toEqual([
      ["pass", "pass"],
      ["fail", "fail"],
      ["hang", "timeout"],
      ["pass", "pass"],
      ["crash", "crash"],
      ["pass", "pass"],
      ["garbage", "malformed"],
      ["pass", "pass"],
      ["other-flow", "mismatch"],
      ["pass", "pass"],
      ["two-lines", "pass"],
      // The stray second line came while the worker ran slow-pass: never that flow's verdict.
      ["slow-pass", "mismatch"],
      ["pass", "pass"],
      ["flood", "malformed"],
      ["pass", "pass"],
      ["escapee-pass", "pass"],
      ["fail", "fail"],
    ]);
    for (const outcome of outcomes) {
      expect(FlowOutcomeSchema.parse(outcome).isolation).toBe("worker");
    }
    const byFlow = (index: number) => outcomes[index];
    expect(byFlow(0)).toMatchObject({ exit_code: null, signal: null, error: null });
    expect(byFlow(1)?.error).toBe("expected 1, got 0");
    expect(byFlow(2)?.error).toMatch(/timed out after 2000 ms \(killed by the manager\)/);
    expect(byFlow(4)).toMatchObject({ exit_code: 3 });
    expect(byFlow(4)?.error).toMatch(/exit code 3\) without printing a result/);
    expect(byFlow(4)?.stderr_tail).toMatch(/boom in the worker/);
    expect(byFlow(4)?.stderr_tail).not.toMatch(/worker runs pass/);
    expect(byFlow(6)?.error).toMatch(/not JSON/);
    expect(byFlow(8)?.error).toMatch(/runner reported flow 'someone-else', asked for 'other-flow'/);
    expect(byFlow(11)?.error).toMatch(/runner reported flow 'two-lines', asked for 'slow-pass'/);
    expect(byFlow(13)?.error).toMatch(/stdout exceeded/);
    // One worker until a fault; after each fault that puts it out of step, a new one.
    const asked = askedOf(project);
    expect(asked.map(([, flow]) => flow)).toEqual(names);
    const pidOf = asked.map(([pid]) => pid);
    expect(pidOf[1]).toBe(pidOf[0]);
    expect(pidOf[2]).toBe(pidOf[0]);
    const fresh = [3, 5, 7, 9, 12, 14];
    for (const index of fresh) expect(pidOf[index], names[index]).not.toBe(pidOf[index - 1]);
    expect(pidOf[11]).toBe(pidOf[10]);
    expect(pidOf[16]).toBe(pidOf[15]);
    expect(new Set(pidOf).size).toBe(7);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("never asks a worker for a flow it ran before (a late line of the first run cannot answer the second)", async () => {
    const project = makeFaultWorkerProject();
    made.push(project);
    const outcomes = await supervise(project, ["pass", "fail", "pass"]);
    expect(outcomes.map((o) => o.outcome)).toEqual(["pass", "fail", "pass"]);
    const pidOf = askedOf(project).map(([pid]) => pid);
    expect(pidOf[1]).toBe(pidOf[0]);
    expect(pidOf[2]).not.toBe(pidOf[0]);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("a flow past its deadline is a timeout that keeps the result the worker printed as it was stopped", async () => {
    const project = makeFaultWorkerProject();
    made.push(project);
    // The product's default grace between SIGTERM and SIGKILL: under a full suite's load, 500 ms
    // was once too short for the worker to print its line before the SIGKILL.
    const [stopped, next] = await supervise(project, ["term-reports", "pass"], 1, 3000);
    expect(stopped).toMatchObject({ outcome: "timeout", isolation: "worker" });
    // Said on failure (seen in full runs only): whether the worker had started and read the flow
    // (its log, its stderr tail) and what its SIGTERM handler did (<log>.signals: the flow it
    // had, whether stdout took the whole line). One failure showed the flow read, and no line.
    const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "(none)");
    const log = `${read(project.log)}; its SIGTERM handler: ${read(`${project.log}.signals`)}`;
    const seen = `stderr tail ${JSON.stringify(stopped?.stderr_tail)}, worker log ${JSON.stringify(log)}, outcome ${JSON.stringify({ ...stopped, result: undefined })}`;
    expect(stopped?.result, seen).toMatchObject({
      flow: "term-reports",
      error_code: "interrupted",
    });
    expect(next?.outcome).toBe("pass");
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("keeps a worker's stdin open while its group lives, after the shell that started it died on the deadline's SIGTERM", async () => {
    // Node closes a child's stdin when the child itself exits: under `sh -c` the shell dies on
    // the SIGTERM first, and a worker that ends on stdin's end then died before its SIGTERM
    // handler wrote its line (the cause of the 'keeps the result' test's failures in full runs).
    const project = makeFaultWorkerProject();
    made.push(project);
    const [stopped, next] = await supervise(project, ["term-reports-late", "pass"], 1, 3000);
    const signals = `${project.log}.signals`;
    const handler = existsSync(signals) ? readFileSync(signals, "utf8") : "(none)";
    expect(stopped, handler).toMatchObject({ outcome: "timeout", isolation: "worker" });
    expect(stopped?.result, handler).toMatchObject({
      flow: "term-reports-late",
      error_code: "interrupted",
    });
    expect(handler).not.toMatch(/stdin ended/);
    expect(next?.outcome).toBe("pass");
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("gives the same outcomes at --jobs 2, over two workers", async () => {
    const project = makeFaultWorkerProject();
    made.push(project);
    const names = ["pass", "fail", "crash", "pass", "garbage", "fail"];
    const outcomes = await supervise(project, names, 2);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      "pass",
      "fail",
      "crash",
      "pass",
      "malformed",
      "fail",
    ]);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("`isolation: process` in the manifest gives every flow its own runner", async () => {
    const project = makeFaultWorkerProject(["isolation: process"]);
    made.push(project);
    const outcomes = await supervise(project, ["pass", "fail"]);
    expect(outcomes.map((o) => [o.outcome, o.exit_code, o.isolation])).toEqual([
      ["pass", 0, undefined],
      ["fail", 1, undefined],
    ]);
    expect(readFileSync(project.log, "utf8")).not.toMatch(/start/);
  });

  it("one flow gets its own runner (exit code and JSON), not a worker", async () => {
    const project = makeFaultWorkerProject();
    made.push(project);
    const [outcome] = await supervise(project, ["fail"]);
    expect(outcome).toMatchObject({ outcome: "fail", exit_code: 1 });
    expect(readFileSync(project.log, "utf8")).toMatch(/single fail/);
  });
});
