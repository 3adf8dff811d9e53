import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { DoctorReportSchema } from "@agent-verify/contract";

let tracker: TempTracker;
let project: FaultProject;
let fakeBrowser: string;

beforeAll(() => {
  tracker = makeTracker();
  project = makeFaultProject();
  fakeBrowser = join(project.dir, "chromium");
  writeFileSync(fakeBrowser, "#!/bin/sh\nexit 0\n");
  chmodSync(fakeBrowser, 0o755);
});
afterAll(() => {
  tracker.cleanup();
  rmSync(project.dir, { recursive: true, force: true });
});

const doctor = async (extra: NodeJS.ProcessEnv, dir = project.dir) => {
  const result = await runCli(["doctor", "--json", "--dir", dir], {
    env: { ...tracker.env, ...extra },
  });
  // Every --json output has its schema in the contract.
  const report = DoctorReportSchema.parse(JSON.parse(result.stdout));
  const status = Object.fromEntries(report.checks.map((c) => [c.name, c.status]));
  return { code: result.code, report, status };
};

describe("verify-manager doctor", () => {
  it("exit 0 when manifest, runner, browser and bd are fine", async () => {
    const { code, status, report } = await doctor({ FAULT_CHECK_BROWSER: "ok" });
    expect(status).toEqual({
      manifest: "ok",
      "runner --list": "warn",
      browser: "ok",
      base_url: "ok",
      bd: "ok",
      tracker: "ok",
      gates: "ok",
      "verify log": "ok",
      "loop status": "ok",
    });
    expect(report.checks.find((c) => c.name === "bd")?.detail).toMatch(/^bd version \d+\.\d+\.\d+/);
    expect(report.checks.find((c) => c.name === "browser")?.detail).toBe(
      "/fake/chromium 1.2.3 (from PATH (chromium))",
    );
    expect(code).toBe(0);
  });

  it("reports the runner's own browser failure with its hint", async () => {
    const { code, report } = await doctor({ FAULT_CHECK_BROWSER: "fail" });
    expect(code).toBe(2);
    expect(report.checks.find((c) => c.name === "browser")).toEqual({
      name: "browser",
      status: "fail",
      detail: "no browser found",
      hint: "apt-get install chromium",
    });
  });

  it("falls back to a guess (warn) when the runner has no --check-browser", async () => {
    const { report } = await doctor({ VERIFY_BROWSER_PATH: fakeBrowser });
    expect(report.checks.find((c) => c.name === "browser")).toMatchObject({
      status: "warn",
      detail: `the runner does not answer --check-browser; by its documented rules: ${fakeBrowser}`,
    });
  });

  it("exit 2 with a fix hint for each broken part", async () => {
    const { code, report, status } = await doctor({
      VERIFY_BROWSER_PATH: join(project.dir, "no-browser"),
      VERIFY_BASE_URL: "http://127.0.0.1:9/",
      VERIFY_BD: join(project.dir, "no-bd"),
    });
    expect(code).toBe(2);
    expect(status).toMatchObject({ browser: "fail", base_url: "fail", bd: "fail" });
    for (const check of report.checks.filter((c) => c.status === "fail"))
      expect(check.hint).toBeTruthy();
  });

  it("a missing manifest fails the first check; the human output names the fix", async () => {
    const empty = mkdtempSync(join(tmpdir(), "vm-doctor-"));
    try {
      const { code, status } = await doctor({}, empty);
      expect(code).toBe(2);
      expect(status.manifest).toBe("fail");
      const text = await runCli(["doctor", "--dir", empty], { env: tracker.env });
      expect(text.stdout).toMatch(
        /^FAIL {2}manifest: no manifest: .*\n {6}fix: create \.verify\/workflows\.yaml/m,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("the ticket loop: a missing gates command fails, a torn log warns, a corrupt status file fails", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vm-doctor-loop-"));
    try {
      cpSync(project.dir, dir, { recursive: true });
      writeFileSync(join(dir, ".verify", "gates.yaml"), "base: main\n");
      writeFileSync(join(dir, ".verify", "log.jsonl"), '{"schema_version":1,"tick');
      writeFileSync(join(dir, ".verify", "loop-status.json"), "{");
      const { code, report, status } = await doctor({ FAULT_CHECK_BROWSER: "ok" }, dir);
      expect(code).toBe(2);
      expect(status).toMatchObject({ gates: "fail", "verify log": "warn", "loop status": "fail" });
      const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
      expect(byName.gates?.detail).toBe("gates_command 'node_modules/.bin/verify-gates' not found");
      expect(byName["verify log"]?.detail).toContain(".verify/log.jsonl:1: torn last line");
      expect(byName["loop status"]?.detail).toMatch(/^\.verify\/loop-status\.json: not JSON/);
      expect(byName["loop status"]?.hint).toContain("--restart");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a tracker bd cannot find is a failed check", async () => {
    const nowhere = mkdtempSync(join(tmpdir(), "vm-doctor-nobd-"));
    try {
      const { status } = await doctor(
        { BEADS_DIR: nowhere, VERIFY_BROWSER_PATH: fakeBrowser },
        project.dir,
      );
      expect(status.tracker).toBe("fail");
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});
