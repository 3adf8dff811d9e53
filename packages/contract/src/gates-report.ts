import { z } from "zod";
import { GatesModeSchema } from "./gates-config.js";
import { AgentLoopBriefSchema } from "./agent-loop.js";
import { GatesOracleSchema } from "./oracle.js";
import { AggregatedVerdictSchema } from "./verdict.js";

import { GATE_STAGES, GATES_EXIT_CODE_BY_STATUS, GATES_STATUSES } from "./constants.js";

export { GATE_STAGES, GATES_EXIT_CODE_BY_STATUS, GATES_STATUSES };
export const GateStageSchema = z.enum(GATE_STAGES);
export type GateStage = z.infer<typeof GateStageSchema>;

export const STAGE_STATUSES = ["pass", "fail", "skip", "error"] as const;
export const StageStatusSchema = z.enum(STAGE_STATUSES);
export type StageStatus = z.infer<typeof StageStatusSchema>;

export const GatesStatusSchema = z.enum(GATES_STATUSES);
export type GatesStatus = z.infer<typeof GatesStatusSchema>;

export const GateFindingSchema = z.strictObject({
  stage: GateStageSchema,
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  rule: z.string(),
  message: z.string(),
  hint: z.string().nullable(),
});
export type GateFinding = z.infer<typeof GateFindingSchema>;

export const StageResultSchema = z.strictObject({
  stage: GateStageSchema,
  status: StageStatusSchema,
  duration_ms: z.number().nonnegative(),
  findings: z.array(GateFindingSchema),
  /** Why the stage was skipped or could not run. */
  reason: z.string().optional(),
  hint: z.string().optional(),
});
export type StageResult = z.infer<typeof StageResultSchema>;

export const ChangedFileSchema = z.strictObject({
  path: z.string(),
  status: z.enum(["added", "modified", "deleted", "renamed", "untracked"]),
  old_path: z.string().optional(),
  added_lines: z.number().int().nonnegative(),
  deleted_lines: z.number().int().nonnegative(),
});
export type ChangedFile = z.infer<typeof ChangedFileSchema>;

export const StampInputsSchema = z.strictObject({
  gates_version: z.string(),
  config_working: z.string(),
  config_base: z.string(),
  settings: z.string(),
  merge_base: z.string(),
  files: z.record(z.string(), z.string()),
  lockfile: z.string(),
  node: z.string(),
  tools: z.record(z.string(), z.string()),
  /** The oracle's id (a new oracle means a new run). */
  oracle: z.string().optional(),
});
export type StampInputs = z.infer<typeof StampInputsSchema>;

/** One test case of the run: vitest's full name (describe chain + title), file repository-relative. */
export const GateTestCaseSchema = z.strictObject({
  file: z.string().nullable(),
  name: z.string(),
  status: z.enum(["passed", "failed", "skipped"]),
});
export type GateTestCase = z.infer<typeof GateTestCaseSchema>;

/**
 * Which tests a run ran (issue 36 §4): the whole suite, or the test files that import a changed
 * module (the Stop hook, `--test-scope related`), with why; a related run names the test files it
 * ran and counts the ones it left out.
 */
export const GatesTestsScopeSchema = z.strictObject({
  scope: z.enum(["related", "full"]),
  reason: z.string(),
  test_files: z.array(z.string()),
  unrelated_test_files: z.number().int().nonnegative(),
});
export type GatesTestsScope = z.infer<typeof GatesTestsScopeSchema>;

export const GatesErrorInfoSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  hint: z.string().optional(),
});

/**
 * A change no tool stage could check (issue 46 §2): typecheck, lint, format and tests all skipped
 * (no tool, nothing of theirs changed). Nothing verified it: the run exits 0 (nothing failed) but
 * writes no stamp, and the manager counts it as no gates evidence.
 */
export const GatesUncheckedSchema = z.strictObject({
  /** The changed files that are code (not documentation) and that no check read. */
  files: z.array(z.string()),
  /** Each tool stage and why it was skipped. */
  stages: z.array(z.strictObject({ stage: GateStageSchema, reason: z.string() })),
  /** How to add the missing tools. */
  hint: z.string(),
});
export type GatesUnchecked = z.infer<typeof GatesUncheckedSchema>;

/** `.verify/gates.json`: everything one `verify-gates` run decided (contract 6). */
export const GatesReportSchema = z.strictObject({
  schema_version: z.literal(1),
  version: z.string(),
  status: GatesStatusSchema,
  exit_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  already_verified: z.boolean(),
  mode: GatesModeSchema,
  base: z.strictObject({
    ref: z.string(),
    commit: z.string().nullable(),
    merge_base: z.string().nullable(),
  }),
  only: z.array(GateStageSchema).nullable(),
  duration_ms: z.number().nonnegative(),
  stages: z.array(StageResultSchema),
  findings: z.array(GateFindingSchema),
  changed_files: z.array(ChangedFileSchema),
  /** Every test case of the run's vitest commands (absent when no vitest command ran). */
  tests: z.array(GateTestCaseSchema).optional(),
  /** Which tests ran: the whole suite or the related ones (absent when no test ran). */
  tests_scope: GatesTestsScopeSchema.optional(),
  stamp: z
    .strictObject({ hash: z.string(), written: z.boolean(), inputs: StampInputsSchema })
    .nullable(),
  error: GatesErrorInfoSchema.optional(),
  /** The task file the run was scoped by (`--task-file`). */
  task: z
    .strictObject({
      file: z.string(),
      id: z.string(),
      files: z.number().int().nonnegative(),
      estimated_diff: z.number().int().positive().nullable(),
      criteria: z.number().int().nonnegative(),
    })
    .optional(),
  /** The judge's verdict on the acceptance criteria, with its next actions (absent when no judge answered). */
  judge: AggregatedVerdictSchema.optional(),
  /** The oracle the change was judged against (absent when the run stopped before choosing one). */
  oracle: GatesOracleSchema.optional(),
  /** The repository's latest agent loop (absent when none was ever started): `needs_human` is never verified. */
  agent_loop: AgentLoopBriefSchema.optional(),
  /** Present when a passing full run checked nothing of the change (no stamp is written then). */
  unchecked: GatesUncheckedSchema.optional(),
  /**
   * The repository the run verified (its root, as an absolute path): `--project-dir` and
   * `VERIFY_PROJECT_DIR` point a run at another folder. Absent when the run found no repository.
   */
  project_dir: z.string().optional(),
});
export type GatesReport = z.infer<typeof GatesReportSchema>;

/** What the judge command prints: one verdict per acceptance item. */
export const JudgeVerdictSchema = z.array(
  z.looseObject({
    id: z.string(),
    status: z.enum(["PASS", "FAIL"]),
    evidence: z.string().default(""),
  }),
);
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;
