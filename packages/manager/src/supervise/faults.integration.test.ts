import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../flows/manifest.js";
import { listFlows, type ListedFlow } from "../flows/list.js";
import { superviseFlows } from "../run/run-flows.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

let project: FaultProject;
let listed: ListedFlow[];

beforeAll(async () => {
  project = makeFaultProject({ timeoutS: 2 });
  listed = await listFlows(project.dir, readManifest(project.dir));
});
afterAll(() => {
  killMarked(project.marker);
  rmSync(project.dir, { recursive: true, force: true });
});

async function runOne(flow: string) {
  const manifest = readManifest(project.dir);
  const [outcome] = await superviseFlows(project.dir, manifest, listed, [flow], {
    timeoutGraceMs: 1000,
    killGraceMs: 1000,
  });
  if (!outcome) throw new Error("no outcome");
  return outcome;
}

describe("each runner fault is classified as contract 4 says, and nothing of the run survives", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["pass", "pass", /^$/],
    ["fail", "fail", /expected 1, got 0/],
    ["hang", "timeout", /timed out after 2000 ms/],
    ["crash", "crash", /exit code 3/],
    ["garbage", "malformed", /not JSON/],
    ["two-objects", "malformed", /more than one JSON object/],
    ["exit0-fail", "mismatch", /status 'fail' but exit code 0/],
    ["exit1-pass", "mismatch", /status 'pass' but exit code 1/],
    ["flood", "malformed", /stdout exceeded/],
    ["stubborn-grandchild", "timeout", /timed out/],
    ["escapee", "timeout", /timed out/],
    [
      "dies-leaving-escapee",
      "crash",
      /runner ended \((exit code 137|killed by SIGKILL)\) without printing a result/,
    ],
    ["leaves-grandchild", "pass", /^$/],
    ["wrong-shape", "malformed", /not a contract-3 result/],
    ["no-browser", "setup_error", /no browser/],
    ["runner-timeout", "timeout", /timed out after 1000 ms/],
    ["term-reports", "timeout", /timed out/],
  ];
  it.each(cases)("%s → %s", async (flow, expected, error) => {
    const started = Date.now();
    const outcome = await runOne(flow);
    if (flow === "stubborn-grandchild" || flow === "escapee") {
      // Only SIGKILL after the grace period stops a child that ignores SIGTERM.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000 + 1000 - 100);
    }
    expect(outcome.outcome).toBe(expected);
    expect(outcome.error ?? "").toMatch(error);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("keeps the failing step, its artifacts and the stderr tail", async () => {
    const outcome = await runOne("fail");
    expect(outcome.failing_step).toBe("check-cart");
    expect(outcome.artifacts).toMatchObject({ screenshot: "/tmp/shot.png" });
    expect(outcome.stderr_tail).toContain("runner starting fail");
    expect(outcome.result?.status).toBe("fail");
  });

  it("keeps the runner's own report when it answers SIGTERM after a timeout", async () => {
    const outcome = await runOne("term-reports");
    expect(outcome.result?.error).toBe("interrupted");
    expect(outcome.signal ?? outcome.exit_code).not.toBeNull();
  });

  it("does not run names that are unlisted, invalid or unimplemented", async () => {
    const manifest = readManifest(project.dir);
    const outcomes = await superviseFlows(project.dir, manifest, listed, [
      "nope",
      "Bad Name;",
      "unimplemented",
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      "unknown_flow",
      "unknown_flow",
      "not_implemented",
    ]);
    expect(outcomes.every((o) => o.exit_code === null && o.duration_ms === 0)).toBe(true);
  });
});

describe("a runner whose shell wrapper is SIGKILLed after it printed its result", () => {
  // The runner prints a valid `pass` and exits 0; then its wrapper dies by SIGKILL.
  const wrappers: Array<[string, string]> = [
    ["the wrapper itself", "node ./runner.mjs {flow} --marker=M; kill -9 $$"],
    [
      "the wrapper's wrapper (exit code 137)",
      "bash -c 'node ./runner.mjs {flow} --marker=M; kill -9 $$'; exit $?",
    ],
  ];
  it.each(wrappers)("%s → crash, not mismatch", async (_, command) => {
    const wrapped = makeFaultProject({ timeoutS: 10, runnerCommand: command.replace("M", "x") });
    try {
      const manifest = readManifest(wrapped.dir);
      const [outcome] = await superviseFlows(wrapped.dir, manifest, listed, ["pass"], {
        killGraceMs: 1000,
      });
      expect(outcome?.outcome).toBe("crash");
      expect(outcome?.error).toBe("runner killed by SIGKILL (its stdout is not trusted)");
    } finally {
      rmSync(wrapped.dir, { recursive: true, force: true });
    }
  });
});
