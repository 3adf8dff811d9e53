import { createHash } from "node:crypto";
import type {
  Criterion,
  GateStage,
  GatesProgressEvent,
  GatesMode,
  GatesReport,
  StageResult,
} from "@agent-verify/contract";
import { readBaseConfig, readWorkingConfig } from "./config-cache.js";
import { loadedConfigs } from "./config-merge.js";
import type { GatesContext, Stage, StageOutcome } from "./context.js";
import { collectChange, toChangedFile } from "./diff/change.js";
import { repoRoot } from "./git.js";
import { baseRefOf } from "./diff/base-ref.js";
import { defaultMode, headCommit, setsKey } from "./diff/defaults.js";
import { resolveBase, type BaseRefs } from "./diff/merge-base.js";
import { openBaseWorktree, type BaseWorktree } from "./diff/worktree.js";
import { GatesError } from "./errors.js";
import { Cancelled } from "./exec.js";
import { redact } from "./mask.js";
import {
  assembleReport,
  buildReport,
  testsScopeReport,
  writeOutputs,
  type ReportParts,
} from "./report.js";
import { readStamp, stampHash, stampInputs, writeStamp, type Stamp } from "./stamp.js";
import { renderSummary } from "./summary.js";
import { literalGlob, loadTask, type LoadedTask } from "./task/load-task.js";
import { stageCommands, type StageCommands, type ToolStage } from "./tools/detect.js";
import type { TestRun } from "./tools/vitest.js";
import type { TestScopeKind } from "./diff/test-scope.js";
import { VERSION } from "./version.js";

export { VERSION };

export interface GatesOptions {
  cwd?: string;
  /** Overrides `BASE` and the config's `base`. */
  base?: string;
  mode?: GatesMode;
  only?: GateStage[];
  /**
   * The issue title of a bug fix: the floor then requires a new test whose name or body
   * mentions a word of it (rule `regression`).
   */
  regression?: string;
  /** A task file (seed 004): its `## FILES` set the scope, `ESTIMATED_DIFF` the diff budget, its criteria go to the judge. */
  taskFile?: string;
  /** The task file's text as a loop's `loop start` froze it (its sha256 in the state folder): read instead of `taskFile`. */
  taskSnapshot?: string;
  /** The oracle as a ref (`--oracle REF`); default: the merge base. */
  oracle?: string;
  /** A stored oracle snapshot's id (a loop's, taken at `loop start`); wins over `oracle`. */
  oracleSnapshot?: string;
  /** The record of the tools' packages a loop took at `loop start` (cheats/tool-record.ts): the floor checks them against it. */
  toolsSnapshot?: string;
  /** Acceptance criteria for the judge; they replace the task file's. */
  criteria?: Criterion[];
  /** Held-out test folders outside the working tree (`--held-out DIR`); they run after the oracle's tests pass. */
  heldOut?: string[];
  /**
   * Stop at the first red wave (the Stop hook's run: the loop blocks anyway): the tests and CRAP
   * wait for typecheck, lint and format, and do not run when one of them is red.
   */
  stopAtFirstRed?: boolean;
  /**
   * `related`: run the tests that import a changed module, with coverage of the changed modules,
   * unless the change widens the run to the whole suite (diff/test-scope.ts). Default `full`.
   */
  testScope?: TestScopeKind;
  env?: NodeJS.ProcessEnv;
  onProgress?: (line: string) => void;
  /** Each stage's start and end, as they happen (`--progress jsonl`). */
  onStageEvent?: (event: GatesProgressEvent) => void;
}

export interface GatesRun {
  report: GatesReport;
  summary: string;
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

type StageEvents = GatesOptions["onStageEvent"];

async function runStage(
  ctx: GatesContext,
  name: GateStage,
  stage: Stage,
  events: StageEvents,
): Promise<StageResult> {
  const started = performance.now();
  events?.({ event: "stage_start", stage: name });
  let result: StageOutcome;
  try {
    result = await stage(ctx);
  } catch (error) {
    // Called off (a red static stage in a stop): not run, never a verdict.
    if (error instanceof Cancelled)
      result = { status: "skip", findings: [], reason: error.message };
    else if (!(error instanceof GatesError)) throw error;
    else
      result = {
        status: "error",
        findings: [],
        reason: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
      };
  }
  const durationMs = Math.round(performance.now() - started);
  ctx.progress(
    `gates: ${name} ${result.status} (${durationMs} ms)${result.reason ? `: ${result.reason}` : ""}`,
  );
  events?.({ event: "stage_end", stage: name, status: result.status, duration_ms: durationMs });
  const { status, findings, reason } = result;
  return {
    stage: name,
    status,
    duration_ms: durationMs,
    findings,
    ...(reason ? { reason } : {}),
    ...("hint" in result ? { hint: result.hint as string } : {}),
  };
}

function wanted(
  ctx: GatesContext,
  name: GateStage,
  only: GateStage[] | undefined,
): string | undefined {
  if (only && !only.includes(name)) return "not selected (--only)";
  if (name === "git-clean" && ctx.mode !== "post-commit") return "pre-commit mode";
  if (name === "judge" && ctx.results.some((r) => r.status === "fail" || r.status === "error"))
    return "the tree is not green";
  return undefined;
}

/** Stages that must pass before any tool runs (seed: "before a single test runs"). */
const FLOOR_FIRST: readonly GateStage[] = ["floor", "scope", "secrets"];

/**
 * The stages that run the test suite. In a run that stops at the first red they run beside the
 * static tools (a stop costs the longer of the two, not their sum) and a red static stage calls
 * them off: they are reported not run, whether they finished or not.
 */
const SUITE: readonly GateStage[] = ["tests", "crap"];

/** The stages before the judge, in waves: the floor-first stages, then the tool stages. */
function waves(stages: ReadonlyArray<readonly [GateStage, Stage]>) {
  const early = stages.filter(([name]) => name !== "judge" && name !== "git-clean");
  return [
    early.filter(([name]) => FLOOR_FIRST.includes(name)),
    early.filter(([name]) => !FLOOR_FIRST.includes(name)),
  ];
}

const isRed = (result: StageResult) => result.status === "fail" || result.status === "error";
const notRunAfter = (red: StageResult) =>
  `not run: the ${red.stage} stage ${red.status === "fail" ? "failed" : "could not run"}`;

/**
 * One wave's stages side by side. With `stopAtFirstRed`, the first red static stage aborts the
 * suite (its tools' process groups are killed) and the suite's results give way to "not run".
 */
async function runWave(
  ctx: GatesContext,
  wave: ReadonlyArray<readonly [GateStage, Stage]>,
  options: GatesOptions,
): Promise<StageResult[]> {
  const blocker = ctx.results.find(isRed);
  const cancel = options.stopAtFirstRed ? new AbortController() : undefined;
  ctx.suiteSignal = cancel?.signal;
  const pending = wave.map(([name, stage]) => {
    const why = blocker ? notRunAfter(blocker) : wanted(ctx, name, options.only);
    if (why !== undefined) return Promise.resolve(skipped(name, why));
    const running = runStage(ctx, name, stage, options.onStageEvent);
    // A stage that throws is rethrown by Promise.all below, not here.
    if (cancel && !SUITE.includes(name))
      running.then(
        (result) => {
          if (isRed(result) && !cancel.signal.aborted)
            cancel.abort(new Cancelled(notRunAfter(result)));
        },
        () => undefined,
      );
    return running;
  });
  const results = await Promise.all(pending);
  const red = cancel && results.find((r) => !SUITE.includes(r.stage) && isRed(r));
  return red
    ? results.map((r) => (SUITE.includes(r.stage) ? skipped(r.stage, notRunAfter(red)) : r))
    : results;
}

const skipped = (stage: GateStage, reason: string): StageResult => ({
  stage,
  status: "skip",
  duration_ms: 0,
  findings: [],
  reason,
});

interface Setup {
  root: string;
  ctx: GatesContext;
  parts: Pick<ReportParts, "base" | "changedFiles" | "stamp" | "task" | "oracle">;
  stampOnFile: Stamp | undefined;
  /** The test run, if a stage started one. */
  testRun: () => Promise<TestRun | undefined> | undefined;
  dispose: () => Promise<void>;
}

/** The `scripts` of a package.json text (`{}` when it has none or does not parse); undefined with no text. */
function scriptsOf(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    return scripts && typeof scripts === "object" ? (scripts as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function prepare(
  root: string,
  options: GatesOptions,
  env: NodeJS.ProcessEnv,
  progress: (line: string) => void,
): Promise<Setup> {
  // HEAD's commit: the default base and the mode both need it, git is asked once.
  const asked = headCommit(root);
  asked.catch(() => undefined);
  const working = await readWorkingConfig(root);
  const ref = await baseRefOf(root, env, options.base, working, asked);
  const base: BaseRefs = await resolveBase(root, ref);
  const baseConfig = await readBaseConfig(root, base.commit, ref);
  const configs = loadedConfigs(baseConfig, working.config, working.text);
  const loaded: LoadedTask | undefined =
    options.taskFile === undefined
      ? undefined
      : await loadTask(
          options.taskFile,
          root,
          options.taskSnapshot === undefined
            ? undefined
            : await (
                await import("./oracle/index.js")
              ).readTaskSnapshot(root, env, options.taskSnapshot),
        );
  const exclude = [...configs.effective.exclude];
  if (loaded?.inRepo) exclude.push(literalGlob(loaded.inRepo));
  // The change, the oracle and the stamp on file are independent git and file reads: at once.
  const { chooseOracle, oracleReport } = await import("./oracle/choose.js");
  const [change, chosen, stampOnFile, head] = await Promise.all([
    collectChange(root, base.mergeBase, exclude),
    chooseOracle(root, env, {
      snapshot: options.oracleSnapshot,
      cli: options.oracle,
      task: loaded?.task.oracle ? { ref: loaded.task.oracle, file: loaded.task.file } : undefined,
      config: baseConfig.oracle,
      mergeBase: { ref, commit: base.mergeBase },
    }).then(async (picked) => {
      // The oracle's package.json decides the scripts the tools run: read with the oracle.
      await picked.oracle.read("package.json");
      return picked;
    }),
    readStamp(root, env),
    asked,
  ]);
  const mode =
    options.mode ??
    (setsKey(working.text, "mode")
      ? configs.effective.mode
      : await defaultMode(root, base.mergeBase, change.own, head));
  const criteria = options.criteria ?? loaded?.task.criteria ?? [];
  const settings = {
    ref,
    mode,
    only: options.only ?? null,
    regression: options.regression ?? null,
    ...(loaded ? { task: createHash("sha256").update(loaded.text).digest("hex") } : {}),
    ...(criteria.length > 0 ? { criteria } : {}),
    ...(options.heldOut?.length ? { held_out: options.heldOut } : {}),
    // The oracle decides: a run judged by another oracle is another run.
    ...(options.oracleSnapshot ? { oracle_snapshot: options.oracleSnapshot } : {}),
    ...(options.oracle ? { oracle: options.oracle } : {}),
    ...(options.toolsSnapshot ? { tools_snapshot: options.toolsSnapshot } : {}),
    // A green of the related tests is not a green of the suite.
    ...(options.testScope === "related" ? { test_scope: "related" } : {}),
  };
  const oracle = () => Promise.resolve(chosen.oracle);
  // The oracle decides the verdict: its id is part of the stamp's key.
  const inputs = {
    ...(await stampInputs({
      root,
      version: VERSION,
      working: working.config,
      base: baseConfig,
      settings,
      change,
    })),
    oracle: chosen.oracle.id,
  };
  const hash = stampHash(inputs);
  const oracleScripts = scriptsOf(await chosen.oracle.read("package.json"));
  let worktree: BaseWorktree | undefined;
  let testRun: Promise<TestRun | undefined> | undefined;
  const commands = new Map<ToolStage, StageCommands>();
  const ctx: GatesContext = {
    root,
    mode,
    env,
    base,
    configs,
    config: configs.effective,
    change,
    stampHash: hash,
    regression: options.regression,
    testScope: options.testScope ?? "full",
    commands: (stage) =>
      commands.get(stage) ??
      commands
        .set(
          stage,
          stageCommands(
            root,
            configs.effective,
            stage,
            oracleScripts,
            change.files.map((f) => f.path),
          ),
        )
        .get(stage)!,
    oracle,
    baseDir: memo(async () => (worktree = await openBaseWorktree(root, base.mergeBase)).dir),
    testRun: () =>
      (testRun ??= import("./stages/test-run.js").then(({ runTests }) => runTests(ctx))),
    secrets: new Set(),
    results: [],
    progress,
    task: loaded?.task,
    heldOut: options.heldOut ?? [],
    toolsSnapshot: options.toolsSnapshot,
    criteria,
    verdict: undefined,
  };
  return {
    root,
    ctx,
    parts: {
      base: { ref, commit: base.commit, merge_base: base.mergeBase },
      changedFiles: change.files.map(toChangedFile),
      stamp: { hash, written: false, inputs },
      task: loaded && {
        file: loaded.task.file,
        id: loaded.task.id,
        files: loaded.task.files?.length ?? 0,
        estimated_diff: loaded.task.estimatedDiff ?? null,
        criteria: criteria.length,
      },
      oracle: oracleReport(chosen, loaded?.task.tests),
    },
    stampOnFile,
    testRun: () => testRun,
    dispose: async () => worktree?.dispose(),
  };
}

/** Verify the change in the repository at `cwd`: one report, one status, one exit code. */
export async function runGates(options: GatesOptions = {}): Promise<GatesRun> {
  const started = performance.now();
  // The report's schema validates it at the end: loaded now, while git works.
  import("@agent-verify/contract/gates-report").catch(() => undefined);
  const env = options.env ?? process.env;
  const secretsSeen = new Set<string>();
  const progress = (line: string) => options.onProgress?.(redact(line, secretsSeen));
  const parts: ReportParts = {
    version: VERSION,
    mode: options.mode ?? "pre-commit",
    base: { ref: options.base ?? env.BASE ?? "main", commit: null, merge_base: null },
    only: options.only,
    durationMs: 0,
    stages: [],
    changedFiles: [],
    stamp: undefined,
    tests: undefined,
    alreadyVerified: false,
    error: undefined,
    task: undefined,
    oracle: undefined,
    verdict: undefined,
    secrets: secretsSeen,
  };
  let root: string | undefined;
  let setup: Setup | undefined;
  try {
    root = await repoRoot(options.cwd ?? process.cwd());
    parts.projectDir = root;
    // How the agent loop here stands: the manager never verifies a loop the agent escalated.
    const { latestLoop } = await import("./loop/latest-loop.js");
    parts.agentLoop = await latestLoop(root, env);
    setup = await prepare(root, options, env, progress);
    const { ctx } = setup;
    ctx.secrets = secretsSeen;
    Object.assign(parts, setup.parts, { mode: ctx.mode });
    if (setup.stampOnFile !== undefined && setup.stampOnFile.hash === ctx.stampHash) {
      parts.alreadyVerified = true;
      parts.tests = setup.stampOnFile.tests;
      parts.durationMs = performance.now() - started;
      // Nothing ran: the report is the stamp's inputs, assembled without loading the schemas.
      const report = assembleReport(parts);
      progress("gates: already verified (stamp matches), nothing ran");
      const summary = renderSummary(report);
      // What a failed run left in gates.json and summary.txt is stale now.
      await writeOutputs(root, report, summary);
      return { report, summary };
    }
    // Loaded only now: a stamp hit needs none of the stages or their libraries.
    const { STAGES } = await import("./stages/all.js");
    // Floor first: floor, scope and secrets side by side; a failure there stops the run before
    // a single tool starts. The tool stages are independent of each other: side by side too.
    for (const wave of waves(STAGES)) ctx.results.push(...(await runWave(ctx, wave, options)));
    for (const [name, stage] of STAGES.filter(([n]) => n === "judge" || n === "git-clean")) {
      const why = wanted(ctx, name, options.only);
      if (why === undefined)
        ctx.results.push(await runStage(ctx, name, stage, options.onStageEvent));
      else if (name !== "git-clean" || ctx.mode === "post-commit")
        ctx.results.push(skipped(name, why));
    }
    parts.stages = ctx.results;
    parts.verdict = ctx.verdict;
    // A failed run already left its error in the stage that started it.
    const run = await setup.testRun()?.catch(() => undefined);
    parts.tests = run?.tests;
    parts.testsScope = run?.scope && testsScopeReport(run.scope);
  } catch (error) {
    if (!(error instanceof GatesError)) throw error;
    parts.error = error;
  } finally {
    await setup?.dispose();
  }
  parts.durationMs = performance.now() - started;
  let report = await buildReport(parts);
  // Only a full run stamps: a green `--only` says nothing of the stages it left out, and a
  // change nothing could check is not verified.
  if (
    report.status === "pass" &&
    report.unchecked === undefined &&
    root &&
    parts.stamp &&
    options.only === undefined
  ) {
    await writeStamp(root, env, { hash: parts.stamp.hash, tests: report.tests });
    parts.stamp = { ...parts.stamp, written: true };
    report = await buildReport(parts);
  }
  const summary = renderSummary(report);
  if (root) await writeOutputs(root, report, summary);
  return { report, summary };
}
