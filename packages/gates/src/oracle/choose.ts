import type { GatesOracle, TaskTestEntry } from "@agent-verify/contract";
import { resolveBase } from "../diff/merge-base.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { declaredTestChanges } from "../task/task-tests.js";
import { commitOracle, openOracle, type Oracle } from "./oracle.js";

export type OracleOrigin = GatesOracle["origin"];

/** What can name the oracle, strongest first (issue 34 §1). */
export interface OracleChoice {
  /** A loop's snapshot id (taken at `loop start`). */
  snapshot?: string | undefined;
  /** `--oracle REF`. */
  cli?: string | undefined;
  /** The task file's `ORACLE:` line, and where the task file is (for messages). */
  task?: { ref: string; file: string } | undefined;
  /** `oracle:` of the base's `.verify/gates.yaml` (the change cannot move its own oracle). */
  config?: string | undefined;
  /** The base ref and the merge base: the oracle when nothing else names one. */
  mergeBase: { ref: string; commit: string };
}

export interface ChosenOracle {
  oracle: Oracle;
  origin: OracleOrigin;
}

const WHERE: Record<Exclude<OracleOrigin, "snapshot" | "merge-base">, string> = {
  cli: "--oracle",
  task: "the task file's ORACLE:",
  config: "oracle: in the base's .verify/gates.yaml",
};

async function atRef(
  root: string,
  ref: string,
  origin: Exclude<OracleOrigin, "snapshot" | "merge-base">,
  where: string,
): Promise<ChosenOracle> {
  let commit: string;
  try {
    commit = (await resolveBase(root, ref)).commit;
  } catch (error) {
    if (!(error instanceof GatesError)) throw error;
    throw new GatesError(
      GatesErrorCode.BaseMissing,
      `oracle ref '${ref}' (from ${where}) is not a commit of this repository`,
      { hint: "name a branch, tag or commit that exists here (git fetch it first)", cause: error },
    );
  }
  return { oracle: await commitOracle(root, ref, commit), origin };
}

/** The oracle of a run: a loop's snapshot, else `--oracle`, the task's, the config's, else the merge base. */
export async function chooseOracle(
  root: string,
  env: NodeJS.ProcessEnv,
  choice: OracleChoice,
): Promise<ChosenOracle> {
  if (choice.snapshot)
    return { oracle: await openOracle(root, env, choice.snapshot), origin: "snapshot" };
  if (choice.cli) return atRef(root, choice.cli, "cli", WHERE.cli);
  if (choice.task)
    return atRef(root, choice.task.ref, "task", `${WHERE.task} (${choice.task.file})`);
  if (choice.config) return atRef(root, choice.config, "config", WHERE.config);
  const { ref, commit } = choice.mergeBase;
  return { oracle: await commitOracle(root, ref, commit), origin: "merge-base" };
}

/** The report's `oracle`: where it came from and the test changes the task declared. */
export function oracleReport(
  chosen: ChosenOracle,
  tests: readonly TaskTestEntry[] | undefined,
): GatesOracle {
  const { source } = chosen.oracle;
  return {
    origin: chosen.origin,
    id: chosen.oracle.id,
    ref: source.kind === "commit" ? source.ref : null,
    commit: source.kind === "commit" ? source.commit : null,
    taken_at: source.kind === "tree" ? source.taken_at : null,
    declared_changes: declaredTestChanges({ tests }).map((d) => ({
      file: d.path,
      name: d.test ?? null,
      reason: d.reason,
    })),
  };
}
