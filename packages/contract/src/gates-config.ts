import { z } from "zod";

export const GATES_MODES = ["pre-commit", "post-commit"] as const;
export const GatesModeSchema = z.enum(GATES_MODES);
export type GatesMode = z.infer<typeof GatesModeSchema>;

const nonEmpty = () =>
  z.string({ error: "expected a string" }).min(1, { error: "expected a non-empty string" });

/** One shell-free command line (`tsc --noEmit -p .`), several run in turn, or `false` to turn the stage off. */
export const StageCommandSchema = z.union(
  [nonEmpty(), z.array(nonEmpty()).min(1), z.literal(false)],
  {
    error: "expected a command string, a list of command strings, or false",
  },
);
export type StageCommand = z.infer<typeof StageCommandSchema>;

export const GatesCommandsSchema = z.strictObject({
  typecheck: StageCommandSchema.optional(),
  lint: StageCommandSchema.optional(),
  format: StageCommandSchema.optional(),
  test: StageCommandSchema.optional(),
});
export type GatesCommands = z.infer<typeof GatesCommandsSchema>;

const globs = () => z.array(nonEmpty(), { error: "expected a list of glob strings" });

export const GatesJudgeSchema = z.strictObject({
  command: nonEmpty(),
  max_requests: z.number().int().min(0, { error: "expected an integer >= 0" }).default(1),
});
export type GatesJudge = z.infer<typeof GatesJudgeSchema>;

const seconds = (fallback: number) =>
  z
    .number({ error: "expected a number of seconds" })
    .positive({ error: "expected a positive number of seconds" })
    .max(86_400, { error: "expected at most 86400 seconds (one day)" })
    .default(fallback);

/** Deadlines of the commands gates runs; the whole process group is killed when one passes. */
export const GatesTimeoutsSchema = z.strictObject({
  /** Each typecheck, lint and format command. */
  tool_s: seconds(600),
  /** Each test command. */
  test_s: seconds(1200),
  /** The judge command. */
  judge_s: seconds(600),
});
export type GatesTimeouts = z.infer<typeof GatesTimeoutsSchema>;

/**
 * Tests beyond the repository's own. `held_out`: folders (or files) of test files that live
 * outside the working tree, laid out like the repository (`<dir>/src/a.test.ts` runs as
 * `src/a.test.ts` would); relative paths are resolved from the repository root. They run
 * against the change, in gates' temporary copy only, after the oracle's tests pass.
 */
export const GatesTestsSchema = z.strictObject({
  held_out: z
    .union([nonEmpty(), z.array(nonEmpty())], {
      error: "expected a path or a list of paths outside the working tree",
    })
    .optional(),
});
export type GatesTests = z.infer<typeof GatesTestsSchema>;

/** `.verify/gates.yaml`: what `verify-gates` checks and how strictly (contract 6). */
export const GatesConfigSchema = z.strictObject({
  version: z.literal(1, { error: "expected 1" }).default(1),
  base: nonEmpty().default("main"),
  mode: GatesModeSchema.default("pre-commit"),
  commands: GatesCommandsSchema.default({}),
  crap_threshold: z
    .number({ error: "expected a number" })
    .positive({ error: "expected a positive number" })
    .default(30),
  coverage: z
    .strictObject({
      changed_lines_min: z
        .number({ error: "expected a percentage" })
        .min(0)
        .max(100, { error: "expected 0-100" })
        .optional(),
    })
    .default({}),
  diff_budget: z
    .number({ error: "expected a number of lines" })
    .int()
    .positive({ error: "expected a positive integer" })
    .optional(),
  scope: z
    .strictObject({ allow: globs().optional(), block: globs().default([]) })
    .default({ block: [] }),
  secrets: z.strictObject({ allow: z.array(nonEmpty()).default([]) }).default({ allow: [] }),
  exclude: globs().default([]),
  judge: GatesJudgeSchema.optional(),
  /**
   * The oracle as a ref (the tests and tool configs the change is judged against), read from the
   * base's config only; default: the merge base. A loop's snapshot, `--oracle` and a task's `ORACLE:` win.
   */
  oracle: nonEmpty().optional(),
  timeouts: GatesTimeoutsSchema.default({ tool_s: 600, test_s: 1200, judge_s: 600 }),
  tests: GatesTestsSchema.default({}),
});
export type GatesConfig = z.infer<typeof GatesConfigSchema>;
export type GatesConfigInput = z.input<typeof GatesConfigSchema>;
