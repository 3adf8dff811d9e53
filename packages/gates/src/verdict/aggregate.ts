import type {
  AggregatedVerdict,
  Criterion,
  CriterionResult,
  VerdictDecision,
} from "@agent-verify/contract";
import type { ParsedVerdicts } from "./parse.js";

const RANK: Record<VerdictDecision, number> = { PASS: 0, NEEDS_HUMAN: 1, FAIL: 2 };
const worst = (a: VerdictDecision, b: VerdictDecision) => (RANK[b] > RANK[a] ? b : a);

export interface AggregateOptions {
  /** The criteria the judge was asked about: each needs a verdict. */
  expected?: Criterion[];
  /** The task the verdicts must be about, when known. */
  taskId?: string;
}

/**
 * Build the verdict (seed 004's build-verdict): PASS when every criterion passes, FAIL when
 * any fails, NEEDS_HUMAN when a verdict is missing or does not parse. Never PASS on doubt.
 */
export function aggregateVerdicts(
  parsed: ParsedVerdicts,
  options: AggregateOptions = {},
): AggregatedVerdict {
  const problems = [...parsed.problems];
  const expected = options.expected ?? [];
  const byId = new Map<string, CriterionResult>();
  for (const c of expected)
    byId.set(c.id, { id: c.id, text: c.text, status: "NEEDS_HUMAN", evidence: "" });
  const judged = new Set<string>();
  const fixForward: string[] = [];
  let declared: VerdictDecision = "PASS";
  let taskId: string | null = options.taskId ?? null;
  for (const verdict of parsed.verdicts) {
    if (verdict.task_id !== undefined) {
      if (options.taskId !== undefined && verdict.task_id !== options.taskId)
        problems.push(`a verdict is for task ${verdict.task_id}, not ${options.taskId}`);
      taskId ??= verdict.task_id;
    }
    if (verdict.decision !== undefined) declared = worst(declared, verdict.decision);
    for (const item of verdict.criteria) {
      const known = byId.get(item.id);
      const evidence = item.evidence.trim();
      if (known && judged.has(item.id)) {
        known.status = worst(known.status, item.status);
        if (evidence) known.evidence = known.evidence ? `${known.evidence}; ${evidence}` : evidence;
      } else {
        // A verdict on a criterion nobody asked about is a verdict on some other task.
        if (!known && expected.length > 0 && !judged.has(item.id))
          problems.push(`${item.id}: not a criterion of this task`);
        byId.set(item.id, {
          id: item.id,
          text: known?.text ?? null,
          status: item.status,
          evidence,
        });
      }
      judged.add(item.id);
    }
    for (const line of verdict.fix_forward) {
      const t = line.trim();
      if (t && !fixForward.includes(t)) fixForward.push(t);
    }
  }
  if (parsed.verdicts.length === 0 && problems.length === 0) problems.push("no verdict given");
  for (const c of expected)
    if (!judged.has(c.id)) {
      const missing = byId.get(c.id);
      if (missing) missing.evidence = "the judge gave no verdict on this criterion";
      problems.push(`${c.id}: no verdict`);
    }
  if (byId.size === 0 && parsed.verdicts.length > 0)
    problems.push("the verdict judges no criterion");
  const criteria = [...byId.values()];
  let decision: VerdictDecision = criteria.reduce<VerdictDecision>(
    (d, c) => worst(d, c.status),
    "PASS",
  );
  if (problems.length > 0) decision = worst(decision, "NEEDS_HUMAN");
  if (RANK[declared] > RANK[decision]) {
    problems.push(`the judge decided ${declared}`);
    decision = declared;
  }
  return {
    schema_version: 1,
    decision,
    task_id: taskId,
    criteria,
    fix_forward: fixForward,
    problems,
    verdicts: parsed.verdicts.length,
  };
}
