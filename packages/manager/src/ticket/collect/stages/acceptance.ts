import { evaluateAcceptance } from "../acceptance.js";
import type { Collector } from "../evidence.js";
import { withJudge } from "../judge-criteria.js";

/** The acceptance criteria, judged by the evidence so far (flows run, the gates' test list). */
export const acceptance: Collector = async (ctx, evidence) => {
  const byEvidence = evaluateAcceptance(ctx.plan.items, {
    flowsRun: new Set(evidence.flowsRun),
    passedFlows: new Set(evidence.passedFlows),
    tests: evidence.tests,
  });
  // The gates judge (when it ran) speaks for the criteria no flow or test can.
  const verdict = withJudge(byEvidence, ctx.plan.items, evidence.judge ?? null);
  // The worker needs the why: "no evidence for `x`", "test `x` failed" (not for plain unchecked items).
  evidence.failures.failed_ac = verdict.failed.map((text) => {
    const reason = verdict.reasons[text];
    return reason && reason !== "unchecked" ? `${text} (${reason})` : text;
  });
  evidence.acMet = verdict.done.length;
};
