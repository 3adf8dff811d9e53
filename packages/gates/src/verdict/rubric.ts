import type { Criterion } from "@agent-verify/contract";
import { SENTINEL } from "./parse.js";

/** Seed 004's criteria rubric: a criterion passes only when all three levels hold. */
export const RUBRIC = [
  { level: "EXISTS", check: "the artifact the criterion asks for appears in the diff" },
  { level: "SUBSTANTIVE", check: "it is real code, not a TODO, stub or placeholder" },
  {
    level: "WIRED",
    check: "it is connected into the system (import/export, route, config, DI, CLI)",
  },
] as const;

/** The judge's instructions, ready to hand to a model as they are. */
export function judgeInstructions(criteria: Criterion[], taskId: string | undefined): string {
  const list =
    criteria.length > 0
      ? criteria.map((c) => `- ${c.id}: ${c.text}`).join("\n")
      : "- (none given: judge whether the change does what its diff claims, as AC-01)";
  return [
    "You review a code change that passed every deterministic gate (the report is in `report`).",
    "For each acceptance criterion decide PASS or FAIL. A criterion passes only when all of:",
    ...RUBRIC.map((r) => `- ${r.level}: ${r.check}`),
    "False negatives are acceptable, false positives are expensive: if uncertain, FAIL.",
    "",
    "Acceptance criteria:",
    list,
    "",
    `Answer with exactly one fenced block, info string \`${SENTINEL}\`:`,
    "```" + SENTINEL,
    "scope: TASK",
    `task_id: ${taskId ?? "<task id>"}`,
    "verify_sh: PASS",
    "criteria:",
    "  - id: AC-01",
    "    status: PASS or FAIL",
    '    evidence: "file:line and what it shows"',
    "decision: PASS or FAIL",
    "fix_forward:",
    '  - "the next concrete fix, one per line"',
    "```",
    'A plain JSON object with the same fields ({"criteria":[{"id","status","evidence"}],"decision","fix_forward":[]}) is accepted too.',
  ].join("\n");
}
