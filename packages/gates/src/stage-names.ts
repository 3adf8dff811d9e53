import type { GATE_STAGES as CONTRACT_GATE_STAGES, GatesStatus } from "@agent-verify/contract";

// Zod-free copies of the contract's constants, for the stamp-hit path, which must not pay
// for loading zod and yaml. The types pin them: any drift from the contract fails to compile.

export const GATE_STAGES: typeof CONTRACT_GATE_STAGES = [
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
];

/** As the contract's GATES_EXIT_CODE_BY_STATUS (a test checks they agree). */
export const GATES_EXIT_CODE_BY_STATUS: Record<GatesStatus, 0 | 1 | 2> = {
  pass: 0,
  fail: 1,
  needs_human: 1,
  error: 2,
};

/** The finding rule of a judge answer that does not parse. */
export const NEEDS_HUMAN = "needs_human";
