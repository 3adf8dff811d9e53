import type {
  AggregatedVerdict,
  Criterion,
  GatesConfig,
  GateFinding,
  GateStage,
  GatesMode,
  StageResult,
  StageStatus,
} from "@agent-verify/contract";
import type { Change } from "./diff/change.js";
import type { TestScopeKind } from "./diff/test-scope.js";
import type { Oracle } from "./oracle/index.js";
import type { BaseRefs } from "./diff/merge-base.js";
import type { Task } from "./task/task-file.js";
import type { StageCommands, ToolStage } from "./tools/detect.js";
import type { TestRun } from "./tools/vitest.js";

export interface LoadedConfigs {
  /** The config that judges: the stricter of the base's and the working tree's. */
  effective: GatesConfig;
  working: GatesConfig;
  base: GatesConfig;
  /** Raw text of `.verify/gates.yaml` in the working tree, for line numbers. */
  workingText: string | undefined;
}

export interface GatesContext {
  root: string;
  mode: GatesMode;
  env: NodeJS.ProcessEnv;
  base: BaseRefs;
  configs: LoadedConfigs;
  config: GatesConfig;
  change: Change;
  stampHash: string;
  /** The issue title of a bug fix (`--regression`): the change must add a test that mentions it. */
  regression: string | undefined;
  commands: (stage: ToolStage) => StageCommands;
  /** A detached worktree of the merge base, made on first use and removed after the run. */
  baseDir: () => Promise<string>;
  /**
   * The oracle: the tests, test and tool configs and scripts as they stood when the task began
   * (a loop's snapshot, `--oracle REF`, else the merge base). Loaded on first use.
   */
  oracle: () => Promise<Oracle>;
  /**
   * Which tests the run asks for: `related` (the Stop hook, `--test-scope related`) runs the
   * tests that import a changed module unless something widens it (diff/test-scope.ts).
   */
  testScope: TestScopeKind;
  /** The test run with coverage, shared by the tests and crap stages. */
  testRun: () => Promise<TestRun | undefined>;
  /**
   * A stop's run (stop at the first red) runs the suite beside the static tools: this is aborted
   * when one of them is red, and the test run's tools stop (run.ts).
   */
  suiteSignal?: AbortSignal | undefined;
  /** Every secret found, so that no output ever shows one. */
  secrets: Set<string>;
  results: StageResult[];
  progress: (line: string) => void;
  /** The task file (`--task-file`): its FILES set the scope, its ESTIMATED_DIFF the budget. */
  task: Task | undefined;
  /** Held-out test folders given on the command line (`--held-out`); see held-out/sources.ts. */
  heldOut: readonly string[];
  /** A loop's record of its tools' packages (`loop start`); undefined outside a loop. */
  toolsSnapshot?: string | undefined;
  /** The acceptance criteria the judge checks (the task's, or `--criteria-file`). */
  criteria: Criterion[];
  /** Set by the judge stage when a judge answered. */
  verdict: AggregatedVerdict | undefined;
}

export interface StageOutcome {
  status: StageStatus;
  findings: GateFinding[];
  reason?: string;
}

export type Stage = (ctx: GatesContext) => Promise<StageOutcome>;

export function finding(
  stage: GateStage,
  file: string | null,
  line: number | null,
  rule: string,
  message: string,
  hint: string | null = null,
): GateFinding {
  return { stage, file, line, rule, message, hint };
}

export function outcome(findings: GateFinding[], reason?: string): StageOutcome {
  return { status: findings.length > 0 ? "fail" : "pass", findings, ...(reason ? { reason } : {}) };
}

export const skip = (reason: string): StageOutcome => ({ status: "skip", findings: [], reason });
