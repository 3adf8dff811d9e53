import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GatesContext } from "../context.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { judgeCanary, plantCanary } from "../oracle/canary.js";
import type { ToolCommand } from "../tools/command.js";
import { programOf } from "../tools/known.js";
import { deadlineOf, runTool, type RawFinding } from "../tools/run-tool.js";
import { readTestRun, type TestRun } from "../tools/vitest.js";
import { heldOutFiles, type HeldOutFile } from "./sources.js";

type HeldRunner = "vitest" | "jest";

/** Report-only arguments (no coverage: held-out tests are a verdict, not a measure), then the files. */
function argsFor(runner: HeldRunner, outDir: string, files: readonly HeldOutFile[]): string[] {
  const paths = files.map((f) => f.path);
  return runner === "vitest"
    ? [
        "--reporter=json",
        `--outputFile=${join(outDir, "vitest.json")}`,
        "--coverage.enabled=false",
        ...paths,
      ]
    : ["--ci", "--json", `--outputFile=${join(outDir, "jest.json")}`, "--coverage=false", ...paths];
}

/** A message that names what failed and nothing of the test's source or its assertion. */
const heldOutFinding = (what: string): RawFinding => ({
  file: null,
  line: null,
  rule: "held-out-test-failed",
  message: what,
});

/** Neither the runner's output nor the tests' text may reach the report: a setup error says only this. */
const cannotRun = (text: string, why: string) =>
  new GatesError(
    GatesErrorCode.ToolFailed,
    `tests: the held-out tests could not run under '${text}': ${why}`,
    {
      hint: "run the held-out tests by hand in a copy of the repository (their paths must match the test config's include)",
    },
  );

async function runOnce(
  ctx: GatesContext,
  dir: string,
  command: ToolCommand,
  runner: HeldRunner,
  files: readonly HeldOutFile[],
  outDir: string,
): Promise<RawFinding[]> {
  // No coverage is asked of this run: the report reader gets an empty coverage map.
  await mkdir(join(outDir, "coverage"), { recursive: true });
  await writeFile(join(outDir, "coverage", "coverage-final.json"), "{}");
  const canary = await plantCanary(
    dir,
    runner,
    files.map((f) => f.path),
  );
  const deadline = { ...deadlineOf(ctx.config.timeouts, "test_s"), signal: ctx.suiteSignal };
  const result = await runTool(
    dir,
    command,
    argsFor(runner, outDir, files),
    "tests",
    ctx.env,
    deadline,
  );
  let run: TestRun;
  try {
    const report = runner === "jest" ? { tool: "jest" as const, report: "jest.json" } : undefined;
    run = readTestRun(command, result, outDir, dir, report);
  } catch (error) {
    if (error instanceof GatesError) throw cannotRun(command.text, "no readable report");
    throw error;
  }
  // The canary's failing tests make every run exit non-zero: the canary judges the exit code.
  const judged = judgeCanary(canary, run, result.exitCode);
  const findings: RawFinding[] = judged.findings.map((f) => ({ ...f, file: null }));
  const ours = new Set(files.map((f) => f.path));
  const cases = (judged.run.tests ?? []).filter((t) => t.file !== null && ours.has(t.file));
  if (cases.length === 0) throw cannotRun(command.text, "none of the held-out test files ran");
  for (const test of cases)
    if (test.status === "failed")
      findings.push(heldOutFinding(`a held-out test failed: ${test.name}`));
  return findings;
}

/**
 * The held-out tests, run against the change after the oracle's tests passed: copied into gates'
 * temporary copy (`dir`) only, never into the working tree, and reported by test name alone.
 */
export async function heldOutFindings(
  ctx: GatesContext,
  dir: string,
  commands: readonly ToolCommand[],
  outDir: string,
): Promise<RawFinding[]> {
  const files = await heldOutFiles(ctx);
  if (files.length === 0) return [];
  const runners = commands.filter((c) => ["vitest", "jest"].includes(programOf(c)));
  const command = runners[0];
  if (command === undefined)
    throw new GatesError(
      GatesErrorCode.ToolFailed,
      "tests: held-out tests need a vitest or jest test command",
      {
        hint: "run the tests with vitest or jest, or drop the held-out tests",
      },
    );
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await copyFile(file.source, join(dir, file.path));
  }
  return runOnce(ctx, dir, command, programOf(command) as HeldRunner, files, outDir);
}
