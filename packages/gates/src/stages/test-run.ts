import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { heldOutFindings } from "../held-out/run.js";
import { failedAtBase, markFailedAtBase, type FailedTests } from "./base-failures.js";
import {
  canaryNote,
  judgeCanary,
  plantCanary,
  type Canary,
  type CanaryRunner,
} from "../oracle/canary.js";
import { openOracleCopy, type OracleCopy } from "../oracle/copy.js";
import { oracleIntegrity } from "../oracle/integrity.js";
import { nodeTestFiles } from "../oracle/node-test-files.js";
import type { ToolCommand } from "../tools/command.js";
import {
  chooseTestScope,
  coveredFiles,
  filesToRun,
  jestScopeArgs,
  nodeTestScoped,
  vitestScopeArgs,
  wholeSuite,
} from "./test-selection.js";
import { stageCommands } from "../tools/detect.js";
import { AVA_ARGS, avaFindings, isAva } from "../tools/ava.js";
import { jestLaunch } from "../tools/jest.js";
import { programOf } from "../tools/known.js";
import { nodeTestArgv, readNodeTestRun } from "../tools/node-test.js";
import { locationReporter, readLocations } from "../tools/node-test-locations.js";
import { exitCodeFindings } from "../tools/plain.js";
import { deadlineOf, runArgv, runTool, type Deadline } from "../tools/run-tool.js";
import { toolVersion } from "../tools/tool-version.js";
import { mergeCoverage, mergeRuns, readV8Coverage, v8CoverageEnv } from "../tools/v8-coverage.js";
import {
  coverageProvider,
  NO_COVERAGE_PROVIDER,
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

interface OneRun {
  run: TestRun;
  exitCode: number | null;
}

/** One command's run in the copy: its failed tests, test cases and coverage. */
async function runOne(
  dir: string,
  command: ToolCommand,
  runDir: string,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
  canary: Canary | undefined,
  scoped: string[] = [],
): Promise<OneRun> {
  const runner = runnerOf(command);
  if (runner === "plain") {
    // ava (alone or under c8) prints TAP on request: its failed tests are named, not its output's tail.
    const ava = isAva(command);
    const result = await runTool(dir, command, ava ? AVA_ARGS : [], "tests", env, deadline);
    const failed = ava && result.exitCode !== 0 ? avaFindings(result.stdout, dir) : undefined;
    const findings =
      failed ??
      exitCodeFindings("tests", command, result).map((f) => ({
        ...f,
        rule: "tests-failed",
      }));
    const run = { findings, totalTests: 0, coverage: new Map(), tests: undefined };
    return { run, exitCode: result.exitCode };
  }
  if (runner === "node-test") {
    await mkdir(runDir);
    const reporter = await locationReporter(runDir);
    const argv = nodeTestArgv(command, reporter.argv);
    const result = await runArgv(dir, command, argv, "tests", env, deadline);
    const locations = await readLocations(reporter.out);
    return { run: readNodeTestRun(command, result, dir, locations), exitCode: result.exitCode };
  }
  await mkdir(runDir);
  const result = await runReported(dir, command, runner, runDir, env, deadline, scoped);
  const files =
    runner === "jest"
      ? { tool: "jest" as const, report: "jest.json" }
      : coverageProvider(dir) === undefined
        ? { tool: "vitest" as const, report: "vitest.json", noCoverage: NO_COVERAGE_PROVIDER }
        : undefined;
  try {
    return { run: readTestRun(command, result, runDir, dir, files), exitCode: result.exitCode };
  } catch (error) {
    // A related run may find none of its files among the runner's own: the whole suite would not run them either.
    if (scoped.length > 0 && error instanceof GatesError && error.code === GatesErrorCode.NoTests)
      return { run: { findings: [], totalTests: 0, coverage: new Map(), tests: [] }, exitCode: 0 };
    // A run with a failing canary that exits 0 and reports nothing was cut short: not a setup error.
    if (
      !(error instanceof GatesError) ||
      error.code === GatesErrorCode.NoTests ||
      canary === undefined ||
      result.exitCode !== 0
    )
      throw error;
    const findings = [
      {
        file: null,
        line: null,
        rule: "tampered-runner",
        message: `the test runner's results cannot be trusted: '${command.text}' exited 0 without its report while a test failed`,
      },
    ];
    return { run: { findings, totalTests: 0, coverage: new Map(), tests: [] }, exitCode: 0 };
  }
}

/** A vitest or jest run with gates' flags for the installed version, its report into `runDir`. */
async function runReported(
  dir: string,
  command: ToolCommand,
  runner: "vitest" | "jest",
  runDir: string,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
  scoped: readonly string[],
) {
  if (runner === "vitest") {
    const args = vitestArgs(runDir, coverageProvider(dir), toolVersion(dir, "vitest"));
    return runTool(dir, command, [...args, ...scoped], "tests", env, deadline);
  }
  const launch = await jestLaunch(dir, command, runDir, env, scoped);
  return runArgv(dir, launch.command, launch.argv, "tests", env, deadline);
}

/** The canary runner: the one gates reads results of, when the run has only that one. */
function canaryRunner(commands: readonly ToolCommand[]): CanaryRunner | undefined {
  const runners = new Set(commands.map(runnerOf).filter((r) => r !== "plain"));
  return runners.size === 1 ? ([...runners][0] as CanaryRunner) : undefined;
}

/**
 * Run every test command once, in a copy of the tree where the oracle's tests, test configs
 * and scripts stand (oracle/copy.ts): vitest and jest give failed tests by name and istanbul
 * coverage, `node --test` its TAP, and the Node processes the tests start add their V8
 * coverage (mapped back to the sources), which is all the coverage `node --test` has. A canary
 * rides along with every vitest, jest and `node --test` run, and the oracle's tests must all have run.
 */
export async function runTests(ctx: GatesContext): Promise<TestRun | undefined> {
  if ("off" in ctx.commands("test")) return undefined;
  const oracle = await ctx.oracle();
  const copy: OracleCopy = await openOracleCopy(ctx, oracle);
  const merged: TestRun = { findings: [], totalTests: 0, coverage: new Map(), tests: undefined };
  const outDir = await mkdtemp(join(tmpdir(), "verify-gates-tests-"));
  const v8Dir = join(outDir, "v8");
  const env = v8CoverageEnv(ctx.env, v8Dir);
  let tests: CoverageMap = new Map();
  const deadline = { ...deadlineOf(ctx.config.timeouts, "test_s"), signal: ctx.suiteSignal };
  try {
    const commands = stageCommands(copy.dir, ctx.config, "test");
    if ("off" in commands) return undefined;
    const scope = await chooseTestScope(ctx, oracle, copy.dir, commands.commands, copy.aliases);
    merged.scope = scope;
    // What the runners are given: an edited oracle test file runs in both its versions.
    const running = filesToRun(scope, copy.aliases);
    if (scope.scope === "related")
      ctx.progress(`gates: tests: ${scope.files.length} related test file(s): ${scope.reason}`);
    const runner = canaryRunner(commands.commands);
    // A related run carries the canaries in the oracle's test files it runs.
    const carriers = oracle
      .paths("test")
      .filter((p) => scope.scope === "full" || scope.files.includes(p));
    const canary = runner ? await plantCanary(copy.dir, runner, carriers) : undefined;
    const covered = coveredFiles(ctx);
    const failing: FailedTests[] = [];
    const judgedFiles = new Set<string>();
    const typeOnly = new Set<string>();
    for (const [index, whole] of commands.commands.entries()) {
      const kind = runnerOf(whole);
      const command = kind === "node-test" ? nodeTestScoped(whole, running) : whole;
      if (command === undefined) continue;
      const scoped =
        kind === "vitest"
          ? vitestScopeArgs(running, covered)
          : kind === "jest"
            ? jestScopeArgs(running, covered)
            : [];
      const runDir = join(outDir, `run-${index}`);
      let one = await runOne(copy.dir, command, runDir, env, deadline, canary, scoped);
      // None of the related files is among the runner's own tests (its config includes others):
      // the graph missed what this runner runs, so it runs whole.
      if (scoped.length > 0 && one.run.totalTests === 0) {
        merged.scope = wholeSuite(
          `none of the related test files is among '${command.text}''s tests`,
        );
        one = await runOne(copy.dir, command, `${runDir}-whole`, env, deadline, canary);
      }
      let run = one.run;
      if (canary && runnerOf(command) === runner) {
        const expected = runner === "node-test" ? nodeTestFiles(command, canary.files) : [];
        const judged = judgeCanary(canary, run, one.exitCode, expected);
        judged.judged.forEach((file) => judgedFiles.add(file));
        for (const test of run.typeTests ?? []) if (test.file) typeOnly.add(test.file);
        run = judged.run;
        merged.findings.push(...judged.findings);
      }
      const failed = (run.tests ?? []).filter((t) => t.status === "failed");
      if (failed.length > 0 && (kind === "vitest" || kind === "jest"))
        failing.push({ command, runner: kind, failed });
      merged.findings.push(...run.findings);
      merged.totalTests += run.totalTests;
      if (run.noCoverage !== undefined) merged.noCoverage = run.noCoverage;
      if (run.tests) merged.tests = [...(merged.tests ?? []), ...run.tests];
      tests = mergeRuns(tests, run.coverage);
    }
    const children = await readV8Coverage(v8Dir, copy.dir, (why) =>
      ctx.progress(`gates: tests: coverage of child processes incomplete: ${why}`),
    );
    merged.coverage = mergeCoverage(tests, children);
    const notes = [canaryNote(canary, judgedFiles, typeOnly), merged.noCoverage];
    if (notes.some((n) => n !== undefined)) merged.notes = notes.filter((n) => n !== undefined);
    // Failing tests: which of them failed at the base too (their files run there once more).
    let base = 0;
    const runAt = async (dir: string, command: ToolCommand, scoped: string[]) =>
      (
        await runOne(
          dir,
          command,
          join(outDir, `base-${base++}`),
          ctx.env,
          deadline,
          undefined,
          scoped,
        )
      ).run;
    if (failing.length > 0)
      markFailedAtBase(merged, failing, await failedAtBase(ctx, failing, runAt));
    const checked = await oracleIntegrity(oracle, copy, merged, ctx.task?.tests);
    // After the oracle's tests pass, the held-out ones (copied into the copy only).
    if (checked.findings.length === 0)
      checked.findings.push(
        ...(await heldOutFindings(ctx, copy.dir, commands.commands, join(outDir, "held-out"))),
      );
    return checked;
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await copy.dispose();
  }
}
