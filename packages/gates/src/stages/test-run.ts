import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import { tail, type ExecResult } from "../exec.js";
import type { RawFinding } from "../tools/run-tool.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { mergeCoverage, mergeRuns, readV8Coverage, v8CoverageEnv } from "../tools/v8-coverage.js";
import { readTestRun, vitestArgs, type CoverageMap, type TestRun } from "../tools/vitest.js";

/** How much of an unparsed command's output a finding keeps (seed 000). */
export const OUTPUT_TAIL_LINES = 50;

/** A test command whose output gates does not read (pytest, go test, make): its exit and last lines. */
function unparsedFailure(text: string, result: ExecResult): string {
  const how = result.signal ? `was killed by ${result.signal}` : `exited ${result.exitCode}`;
  const output = tail(`${result.stdout}\n${result.stderr}`, OUTPUT_TAIL_LINES, "\n");
  return output === ""
    ? `'${text}' ${how} without output`
    : `'${text}' ${how}; the last lines of its output:\n${output}`;
}

/**
 * Run every test command once; vitest gives failed tests by name and istanbul coverage,
 * and the Node processes the tests start add theirs (V8 coverage, mapped back to the sources).
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
      if (command.tool !== "vitest") {
        const result = await runTool(ctx.root, command, [], "tests", env, deadline);
        if (result.exitCode !== 0) {
          const message = unparsedFailure(command.text, result);
          const failed: RawFinding = { file: null, line: null, rule: "tests-failed", message };
          merged.findings.push(failed);
        }
        continue;
      }
      const runDir = join(outDir, `vitest-${index}`);
      await mkdir(runDir);
      const result = await runTool(ctx.root, command, vitestArgs(runDir), "tests", env, deadline);
      const run = readTestRun(command, result, runDir, ctx.root);
      merged.findings.push(...run.findings);
      merged.totalTests += run.totalTests;
      merged.tests = [...(merged.tests ?? []), ...(run.tests ?? [])];
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
