import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { RunResultSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  markedFixture,
  seeHomeFlow,
  wrongHeadingFlow,
  type MarkedFixture,
} from "./fixture-project.js";
import { processesWithMarker, runRunner } from "./helpers.js";

// A run alone is a first attempt: with the manifest's `trace: on-first-retry` it records no
// trace; the manager's second run sets VERIFY_TRACE=on. The default (retain-on-failure, a
// trace on failure) is tested in runner-cli.integration.test.ts.
describe("verify-runner and the manifest's trace policy", () => {
  let fixture: MarkedFixture;
  beforeAll(async () => {
    fixture = await markedFixture(
      { "open-home": wrongHeadingFlow("open-home"), "see-home": seeHomeFlow("see-home") },
      ["  - name: open-home", "  - name: see-home", "trace: on-first-retry"].join("\n"),
    );
  });
  afterAll(() => rmSync(fixture.project.dir, { recursive: true, force: true }));

  it("on-first-retry: a failing run alone keeps its screenshot but records no trace", async () => {
    const run = await runRunner(["open-home"], { cwd: fixture.project.dir, env: fixture.env });
    expect(run.exitCode).toBe(1);
    const { artifacts } = RunResultSchema.parse(run.json);
    expect(artifacts.screenshot && existsSync(artifacts.screenshot)).toBe(true);
    expect(artifacts.trace).toBeUndefined();
    expect(processesWithMarker(fixture.marker)).toEqual([]);
  });

  it("VERIFY_TRACE=on (the manager's second run) records and keeps a trace, even on a pass", async () => {
    const env = { ...fixture.env, VERIFY_TRACE: "on" };
    const run = await runRunner(["see-home"], { cwd: fixture.project.dir, env });
    expect(run.exitCode).toBe(0);
    const { trace } = RunResultSchema.parse(run.json).artifacts;
    expect(trace && existsSync(trace)).toBe(true);
    // Each named step groups its actions in the trace viewer's action list (tracing.group).
    const events = execFileSync("unzip", ["-p", trace ?? "", "trace.trace"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes('"method":"tracingGroup"'))
      .map((line) => (JSON.parse(line) as { title?: string }).title);
    expect(events).toEqual(["open", "see-heading"]);
  });

  it("--trace wins over VERIFY_TRACE", async () => {
    const env = { ...fixture.env, VERIFY_TRACE: "on" };
    const run = await runRunner(["see-home", "--trace", "off"], { cwd: fixture.project.dir, env });
    expect(run.exitCode).toBe(0);
    expect(RunResultSchema.parse(run.json).artifacts.trace).toBeUndefined();
  });
});
