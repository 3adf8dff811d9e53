import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import type { ToolCommand } from "../tools/command.js";
import { programOf } from "../tools/known.js";
import { nodeTestArgv, readNodeTestRun } from "../tools/node-test.js";
import { exitCodeFindings } from "../tools/plain.js";
import { deadlineOf, runArgv, runTool, type Deadline } from "../tools/run-tool.js";
import { mergeCoverage, mergeRuns, readV8Coverage, v8CoverageEnv } from "../tools/v8-coverage.js";
import {
  coverageProvider,
  jestArgs,
  readTestRun,
  vitestArgs,
  type CoverageMap,
  type TestRun,
} from "../tools/vitest.js";

type Runner = "vitest" | "jest" | "node-test" | "plain";

/** The test runner a command runs, by its program; gates reads vitest, jest and `node --test`. */
export function runnerOf(command: ToolCommand): Runner {
  const program = programOf(command);
  if (program === "vitest" || program === "jest") return program;
  if (program === "node" && command.args.includes("--test")) return "node-test";
  return "plain";
}

/** One command's run: its failed tests, test cases and coverage. */
async function runOne(
  ctx: GatesContext,
  command: ToolCommand,
  runDir: string,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
): Promise<TestRun> {
  const runner = runnerOf(command);
  if (runner === "plain") {
    const result = await runTool(ctx.root, command, [], "tests", env, deadline);
    const findings = exitCodeFindings("tests", command, result).map((f) => ({
      ...f,
      rule: "tests-failed",
    }));
    return { findings, totalTests: 0, coverage: new Map(), tests: undefined };
  }
  if (runner === "node-test") {
    const result = await runArgv(ctx.root, command, nodeTestArgv(command), "tests", env, deadline);
    return readNodeTestRun(command, result, ctx.root);
  }
  await mkdir(runDir);
  if (runner === "jest") {
    const result = await runTool(ctx.root, command, jestArgs(runDir), "tests", env, deadline);
    return readTestRun(command, result, runDir, ctx.root, { tool: "jest", report: "jest.json" });
  }
  const args = vitestArgs(runDir, coverageProvider(ctx.root));
  const result = await runTool(ctx.root, command, args, "tests", env, deadline);
  return readTestRun(command, result, runDir, ctx.root);
}

/**
 * Run every test command once; vitest and jest give failed tests by name and istanbul
 * coverage, `node --test` its TAP, and the Node processes the tests start add their V8
 * coverage (mapped back to the sources), which is all the coverage `node --test` has.
 */
export async function runTests(ctx: GatesContext): Promise<TestRun | undefined> {
  const commands = ctx.commands("test");
  if ("off" in commands) return undefined;
  const merged: TestRun = { findings: [], totalTests: 0, coverage: new Map(), tests: undefined };
  const outDir = await mkdtemp(join(tmpdir(), "verify-gates-tests-"));
  const v8Dir = join(outDir, "v8");
  const env = v8CoverageEnv(ctx.env, v8Dir);
  let tests: CoverageMap = new Map();
  const deadline = deadlineOf(ctx.config.timeouts, "test_s");
  try {
    for (const [index, command] of commands.commands.entries()) {
      const run = await runOne(ctx, command, join(outDir, `run-${index}`), env, deadline);
      merged.findings.push(...run.findings);
      merged.totalTests += run.totalTests;
      if (run.tests) merged.tests = [...(merged.tests ?? []), ...run.tests];
      tests = mergeRuns(tests, run.coverage);
    }
    const children = await readV8Coverage(v8Dir, ctx.root, (why) =>
      ctx.progress(`gates: tests: coverage of child processes incomplete: ${why}`),
    );
    merged.coverage = mergeCoverage(tests, children);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return merged;
}
