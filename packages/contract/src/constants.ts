// Zod-free constants, importable as `@agent-verify/contract/constants` by code on a
// hot start-up path (the runner's `--list`) that must not pay for loading zod and yaml.
import { join } from "node:path";

export const MANIFEST_PATH = join(".verify", "workflows.yaml");

export function manifestPath(dir: string): string {
  return join(dir, MANIFEST_PATH);
}

/** Exit code of a runner for each run status; contract 3 requires they agree. */
export const EXIT_CODE_BY_STATUS = { pass: 0, fail: 1, error: 2 } as const;

/** The gates stages, cheapest first (contract 6). */
export const GATE_STAGES = [
  "floor",
  "scope",
  "secrets",
  "typecheck",
  "lint",
  "format",
  "tests",
  "crap",
  "judge",
  "git-clean",
] as const;

/** `needs_human`: the judge answered something that does not parse; a person must look (exit 1). */
export const GATES_STATUSES = ["pass", "fail", "needs_human", "error"] as const;

export const GATES_EXIT_CODE_BY_STATUS: Record<(typeof GATES_STATUSES)[number], 0 | 1 | 2> = {
  pass: 0,
  fail: 1,
  needs_human: 1,
  error: 2,
};
