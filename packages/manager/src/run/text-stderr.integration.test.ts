import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject } from "../../test/helpers/fault-runner.js";

const project = makeFaultProject();
afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

it("run's text output shows the stderr tail under crash and malformed, not under fail", async () => {
  const result = await runCli([
    "run",
    "crash",
    "garbage",
    "fail",
    "--dir",
    project.dir,
    "--jobs",
    "1",
  ]);
  expect(result.code).toBe(1);
  const lines = result.stdout.split("\n");
  const crash = lines.findIndex((line) => line.startsWith("FAIL  crash: crash"));
  expect(lines.slice(crash + 1, crash + 4)).toEqual([
    "      stderr:",
    "      | runner starting crash",
    "      | boom: segfault-ish",
  ]);
  const garbage = lines.findIndex((line) => line.startsWith("FAIL  garbage: malformed"));
  expect(lines.slice(garbage + 1, garbage + 3)).toEqual([
    "      stderr:",
    "      | runner starting garbage",
  ]);
  const fail = lines.findIndex((line) => line.startsWith("FAIL  fail: fail"));
  expect(lines[fail + 1]).toMatch(/^ {6}screenshot: /);
  expect(result.stdout).not.toContain("runner starting fail");
}, 60_000);
