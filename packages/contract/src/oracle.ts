import { z } from "zod";

/**
 * One entry of a task file's `## TESTS` (issue 34): an acceptance test that must pass unmodified
 * (`action: keep`, the default), or an oracle test the task may change on purpose
 * (`action: modify`, with the file it lives in and a reason): a declared change, never a silent one.
 */
export const TaskTestEntrySchema = z.strictObject({
  /** The test file, repository-relative; null when the entry names a test only. */
  file: z.string().min(1).nullable(),
  /** The test's name (its own title or the full describe chain); null: every test of `file`. */
  name: z.string().min(1).nullable(),
  action: z.enum(["keep", "modify"]),
  /** Why the test changes (required for `modify`). */
  reason: z.string().nullable(),
  /** 1-based line of the entry in the task file. */
  line: z.number().int().positive(),
});
export type TaskTestEntry = z.infer<typeof TaskTestEntrySchema>;

/** A test the task declared it may change: it runs in the change's version, and is listed. */
export const DeclaredTestChangeSchema = z.strictObject({
  file: z.string().min(1),
  name: z.string().nullable(),
  reason: z.string(),
});
export type DeclaredTestChange = z.infer<typeof DeclaredTestChangeSchema>;

/** Where a run's oracle was chosen from, strongest first. */
export const ORACLE_ORIGINS = ["snapshot", "cli", "task", "config", "merge-base"] as const;

/** The report's `oracle`: the reference point the run judged the change against. */
export const GatesOracleSchema = z.strictObject({
  /** `snapshot` (a loop's, taken at `loop start`), `cli` (--oracle), `task` (ORACLE:), `config` (oracle: in gates.yaml) or `merge-base`. */
  origin: z.enum(ORACLE_ORIGINS),
  /** The oracle's id: a snapshot's content hash, or `commit-<sha>`. */
  id: z.string(),
  /** The ref it was read from (null for a snapshot). */
  ref: z.string().nullable(),
  commit: z.string().nullable(),
  /** When a snapshot was taken (null for a commit). */
  taken_at: z.string().nullable(),
  /** Oracle tests the task file declares it may change (`## TESTS`, `action: modify`). */
  declared_changes: z.array(DeclaredTestChangeSchema),
});
export type GatesOracle = z.infer<typeof GatesOracleSchema>;
