import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RunResultSchema, type RunResult } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import {
  flowSource,
  hangFlow,
  markedFixture,
  seeHomeFlow,
  wrongHeadingFlow,
  type MarkedFixture,
} from "./fixture-project.js";
import { processesWithMarker, runRunner } from "./helpers.js";

const FLOWS = {
  "see-home": seeHomeFlow("see-home"),
  "wrong-heading": wrongHeadingFlow("wrong-heading"),
  hang: hangFlow("hang"),
  "hang-long": flowSource(
    "hang-long",
    `    await step("wait-forever", () => { console.error("hanging now"); return new Promise(() => {}); });`,
    { params: "step" },
  ),
  // Module state lives as long as the worker: a second run of this flow sees the first's.
  counted: `
import { defineFlow } from "@agent-verify/runner";
import { counter } from "../pages/counter.ts";
export default defineFlow({
  name: "counted",
  async run({ step }) {
    await step("count", async () => {
      counter.runs += 1;
      if (counter.runs > 1) throw new Error("runs seen by this module: " + counter.runs);
    });
  },
});
`,
};

const MANIFEST_FLOWS = [
  "  - name: see-home",
  "  - name: wrong-heading",
  "  - name: hang",
  "    timeout_s: 2",
  "  - name: hang-long",
  "  - name: counted",
  "  - name: declared-only",
].join("\n");

function linesOf(stdout: string): RunResult[] {
  return stdout
    .trim()
    .split("\n")
    .map((line) => RunResultSchema.parse(JSON.parse(line)));
}

describe("verify-runner --worker", () => {
  let project: MarkedFixture["project"];
  let marker: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ project, marker, env } = await markedFixture(FLOWS, MANIFEST_FLOWS));
    mkdirSync(join(project.dir, ".verify", "src", "pages"), { recursive: true });
    writeFileSync(
      join(project.dir, ".verify", "src", "pages", "counter.ts"),
      "export const counter = { runs: 0 };\n",
    );
  });

  it("runs the flows named on stdin in order, one contract-3 line each, then exits 0", async () => {
    const run = await runRunner(["--worker"], {
      cwd: project.dir,
      env,
      input: "see-home\nwrong-heading\n\nno-such-flow\ndeclared-only\nhang\nsee-home\n",
    });
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.exitCode).toBe(0);
    const lines = linesOf(run.stdout);
    expect(lines.map((line) => [line.flow, line.status, line.error_code])).toEqual([
      ["see-home", "pass", undefined],
      ["wrong-heading", "fail", undefined],
      ["no-such-flow", "error", "unknown_flow"],
      ["declared-only", "error", "not_implemented"],
      ["hang", "fail", "timeout"],
      ["see-home", "pass", undefined],
    ]);
    // Each flow as its own run reports it: its steps, the ones not run, its own evidence.
    expect(lines[1]?.steps.map((step) => [step.name, step.status])).toEqual([
      ["open", "pass"],
      ["check-heading", "fail"],
      ["click", "not_run"],
    ]);
    expect(lines[1]?.artifacts.error_context).toMatch(/wrong-heading/);
    expect(lines[4]?.error).toMatch(/step 'wait-forever' timed out after 2000 ms/);
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("shares module state between the flows it runs (documented), one worker per run", async () => {
    const twice = await runRunner(["--worker"], {
      cwd: project.dir,
      env,
      input: "counted\ncounted\n",
    });
    expect(twice.exitCode).toBe(0);
    expect(linesOf(twice.stdout).map((line) => [line.status, line.steps[0]?.error])).toEqual([
      ["pass", undefined],
      ["fail", "runs seen by this module: 2"],
    ]);
    const fresh = await runRunner(["counted"], { cwd: project.dir, env });
    expect(fresh.json.status).toBe("pass");
  });

  it("SIGTERM mid-flow: that flow's line says interrupted, nothing more is run, exit 1", async () => {
    const run = await runRunner(["--worker"], {
      cwd: project.dir,
      env,
      input: "hang-long\nsee-home\n",
      sigtermWhen: "hanging now",
    });
    expect(run.exitCode).toBe(1);
    const lines = linesOf(run.stdout);
    expect(lines.map((line) => [line.flow, line.status, line.error_code])).toEqual([
      ["hang-long", "fail", "interrupted"],
    ]);
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("takes no flow name or other mode on its command line", async () => {
    const run = await runRunner(["--worker", "see-home"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--worker takes only --trace and --dir/);
    expect(run.json).toMatchObject({ status: "error", error_code: "internal" });
  });

  it("--list offers the worker", async () => {
    const run = await runRunner(["--list"], { cwd: project.dir, env });
    expect(run.json).toMatchObject({ capabilities: ["browser-server", "worker"] });
  });
});
