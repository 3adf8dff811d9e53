import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FlowListInputSchema, ListOutputSchema, RunReportSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../test/helpers/cli.js";
import { MALFORMED_MANIFESTS } from "../test/helpers/malformed-manifests.js";
import { makeFaultProject, type FaultProject } from "../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../test/helpers/processes.js";

let project: FaultProject;
const scratch: string[] = [];

beforeAll(() => {
  project = makeFaultProject({ timeoutS: 1 });
});
afterAll(() => {
  killMarked(project.marker);
  rmSync(project.dir, { recursive: true, force: true });
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function projectWithManifest(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "vm-manifest-"));
  scratch.push(dir);
  mkdirSync(join(dir, ".verify"));
  writeFileSync(join(dir, ".verify", "workflows.yaml"), yaml);
  return dir;
}

describe("verify-manager list", () => {
  it("prints the runner's flows as a table, or as contract-2 JSON", async () => {
    const table = await runCli(["list", "--dir", project.dir]);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(
      /^FLOW\s+IMPLEMENTED\s+TIMEOUT\s+TAGS\s+DESCRIPTION$/,
    );
    expect(table.stdout).toMatch(/^unimplemented\s+no\s+1s\s+fault/m);
    const json = await runCli(["list", "--json", "--dir", project.dir]);
    expect(json.code).toBe(0);
    const parsed = FlowListInputSchema.parse(JSON.parse(json.stdout));
    expect(parsed.flows.map((f) => f.name)).toContain("hang");
    expect(ListOutputSchema.parse(JSON.parse(json.stdout)).flows).toHaveLength(parsed.flows.length);
  });

  it("a missing manifest is one line and exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vm-empty-"));
    scratch.push(dir);
    const result = await runCli(["list", "--dir", dir]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")[0]).toBe(
      `verify-manager: no manifest: ${dir}/.verify/workflows.yaml not found`,
    );
  });

  it("a runner whose --list is broken is a setup error (exit 2)", async () => {
    const dir = projectWithManifest(
      'version: 1\nrunner_command: "echo not-json {flow}"\nflows: []\n',
    );
    const result = await runCli(["run", "--all", "--dir", dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("did not print one JSON object");
    const print = `node -e 'console.log(JSON.stringify({ flows: [{ name: 1 }] }))' -- {flow}`;
    const wrong = projectWithManifest(
      `version: 1\nrunner_command: ${JSON.stringify(print)}\nflows: []\n`,
    );
    const shape = await runCli(["list", "--dir", wrong]);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain("not contract 2: flows.0.name");
  });
});

describe("usage errors", () => {
  it("read the same whether argv or an argument's value is wrong (exit 2, no stdout)", async () => {
    const argv = await runCli(["run", "--dir", project.dir]);
    const value = await runCli(["issue", "not an id!", "--dir", project.dir]);
    for (const result of [argv, value]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.split("\n")[1]).toBe("Run verify-manager --help for usage.");
    }
    expect(argv.stderr.split("\n")[0]).toBe("verify-manager: run needs flow names, --tag or --all");
    expect(value.stderr.split("\n")[0]).toBe('verify-manager: not an issue id: "not an id!"');
  });
});

describe("malformed manifests: exit 2 with file, line and field named", () => {
  // Every malformed shape is a table test against readManifest (src/flows/manifest.test.ts);
  // here, through the bin, how the CLI prints one: exit 2, nothing on stdout, no stack.
  it.each(MALFORMED_MANIFESTS.filter(([label]) => label === "unknown key"))(
    "%s",
    async (_label, yaml, expected) => {
      const dir = projectWithManifest(yaml);
      const result = await runCli(["run", "--all", "--dir", dir]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      const first = result.stderr.split("\n")[0] ?? "";
      expect(first).toMatch(/^verify-manager: .*workflows\.yaml/);
      expect(first).toMatch(expected);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});

describe("verify-manager run", () => {
  it("exit 0 when every flow passes; progress on stderr, summary on stdout", async () => {
    const result = await runCli(["run", "pass", "slow-pass", "--dir", project.dir]);
    expect(result.code).toBe(0);
    // --jobs auto may run both at once: each flow's own lines, not their interleaving.
    expect(result.stderr).toMatch(/^start pass$/m);
    expect(result.stderr).toMatch(/^end pass pass \(\d+ ms\)$/m);
    expect(result.stderr).toMatch(/^end slow-pass pass \(\d+ ms\)$/m);
    expect(result.stdout).toMatch(/2\/2 flows passed\n$/);
  });

  it("exit 1 with a validated JSON report when a flow fails", async () => {
    const result = await runCli(["run", "pass", "fail", "--json", "--dir", project.dir]);
    expect(result.code).toBe(1);
    const report = RunReportSchema.parse(JSON.parse(result.stdout));
    expect(report.passed).toBe(false);
    expect(report.outcomes.map((o) => [o.flow, o.outcome, o.failing_step])).toEqual([
      ["pass", "pass", null],
      ["fail", "fail", "check-cart"],
    ]);
  });

  it("exit 2 when only setup outcomes (unknown, not implemented) failed", async () => {
    const result = await runCli([
      "run",
      "pass",
      "nope",
      "unimplemented",
      "--json",
      "--dir",
      project.dir,
    ]);
    expect(result.code).toBe(2);
    const report = RunReportSchema.parse(JSON.parse(result.stdout));
    expect(report.outcomes.map((o) => o.outcome)).toEqual([
      "pass",
      "unknown_flow",
      "not_implemented",
    ]);
  });

  it("selects by tag: comma = AND, repeated = OR", async () => {
    const and = await runCli(["run", "--tag", "smoke,happy", "--json", "--dir", project.dir]);
    expect(RunReportSchema.parse(JSON.parse(and.stdout)).outcomes.map((o) => o.flow)).toEqual([
      "pass",
      "slow-pass",
    ]);
    const or = await runCli([
      "run",
      "--tag",
      "happy",
      "--tag",
      "smoke",
      "--json",
      "--dir",
      project.dir,
    ]);
    expect(RunReportSchema.parse(JSON.parse(or.stdout)).outcomes.map((o) => o.flow)).toEqual([
      "pass",
      "slow-pass",
      "fail",
    ]);
  });

  it("--jobs 2, 4 and auto give the same outcomes as --jobs 1, and leave no process behind", async () => {
    const flows = [
      "pass",
      "fail",
      "hang",
      "crash",
      "garbage",
      "two-objects",
      "exit1-pass",
      "wrong-shape",
      "no-browser",
      "nope",
    ];
    const run = async (jobs: string) => {
      const result = await runCli([
        "run",
        ...flows,
        "--jobs",
        jobs,
        "--json",
        "--dir",
        project.dir,
      ]);
      expect(result.code).toBe(1);
      return RunReportSchema.parse(JSON.parse(result.stdout)).outcomes.map((o) => [
        o.flow,
        o.outcome,
        o.failing_step,
        o.error,
      ]);
    };
    const [one, two, four, auto] = await Promise.all([run("1"), run("2"), run("4"), run("auto")]);
    expect(two).toEqual(one);
    expect(four).toEqual(one);
    expect(auto).toEqual(one);
    expect(one.map((o) => o[1])).toEqual([
      "pass",
      "fail",
      "timeout",
      "crash",
      "malformed",
      "malformed",
      "mismatch",
      "malformed",
      "setup_error",
      "unknown_flow",
    ]);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });

  it("SIGTERM to the manager stops its runs and leaves no process behind", async () => {
    const { spawn } = await import("node:child_process");
    const { BIN } = await import("../test/helpers/cli.js");
    const child = spawn(
      process.execPath,
      [BIN, "run", "hang", "stubborn-grandchild", "--jobs", "2", "--json", "--dir", project.dir],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    // Wait until both runs are up, the grandchild that ignores SIGTERM included.
    const deadline = Date.now() + 15_000;
    const isUp = () => {
      const procs = processesWithMarker(project.marker);
      return (
        procs.some((p) => p.includes(" hang ")) &&
        procs.some((p) => p.includes("process.on('SIGTERM'"))
      );
    };
    while (!isUp() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(isUp()).toBe(true);
    child.kill("SIGTERM");
    const code = await new Promise((r) => child.once("close", r));
    expect(code).toBe(2);
    expect(RunReportSchema.parse(JSON.parse(stdout)).outcomes.map((o) => o.outcome)).toEqual([
      "setup_error",
      "setup_error",
    ]);
    expect(processesWithMarker(project.marker)).toEqual([]);
  });
});
