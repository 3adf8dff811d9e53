import type { AggregatedVerdict } from "@agent-verify/contract";
import type { AcceptanceItem, AcceptanceVerdict } from "./acceptance.js";

/** The id the judge knows a criterion by: its place among the applicable ones (AC-01, AC-02…). */
export const criterionId = (index: number) => `AC-${String(index + 1).padStart(2, "0")}`;

/** The criteria handed to the judge: every applicable one (the box is the worker's claim, not evidence). */
export function judgedItems(items: readonly AcceptanceItem[]): AcceptanceItem[] {
  return items.filter((item) => !item.na);
}

/** The `--criteria-file` of verify-gates: one `- AC-NN: text` bullet per criterion; null when there are none. */
export function criteriaFileText(items: readonly AcceptanceItem[]): string | null {
  const judged = judgedItems(items);
  if (judged.length === 0) return null;
  return `${judged.map((item, index) => `- ${criterionId(index)}: ${item.text}`).join("\n")}\n`;
}

/**
 * The evidence verdict with the judge's word added: a criterion the judge failed (or could not
 * decide) fails with its evidence, and one it passed no longer fails for an unchecked box.
 * Cited flows and tests still decide the criteria that name them.
 */
export function withJudge(
  verdict: AcceptanceVerdict,
  items: readonly AcceptanceItem[],
  judge: AggregatedVerdict | null,
): AcceptanceVerdict {
  if (judge === null) return verdict;
  // A verdict that needs a human as a whole (another task's, a judge that failed) passes nothing.
  const isUnsure = judge.decision === "NEEDS_HUMAN";
  const unsure = isUnsure && judge.problems.length > 0 ? ` (${judge.problems.join("; ")})` : "";
  const byId = new Map(
    judge.criteria.map((c) => [c.id, isUnsure ? { ...c, status: "NEEDS_HUMAN" as const } : c]),
  );
  const out: AcceptanceVerdict = {
    failed: [...verdict.failed],
    done: [...verdict.done],
    skipped: [...verdict.skipped],
    reasons: { ...verdict.reasons },
  };
  judgedItems(items).forEach((item, index) => {
    const result = byId.get(criterionId(index));
    if (!result) return;
    const isFailed = out.failed.includes(item.text);
    if (result.status === "PASS") {
      if (isFailed && out.reasons[item.text] === "unchecked") {
        out.failed = out.failed.filter((text) => text !== item.text);
        delete out.reasons[item.text];
        out.done.push(item.text);
      }
      return;
    }
    const why =
      result.status === "FAIL" ? `judge: ${result.evidence}` : `judge: needs a human${unsure}`;
    out.done = out.done.filter((text) => text !== item.text);
    if (!isFailed) out.failed.push(item.text);
    const before = out.reasons[item.text];
    out.reasons[item.text] = before && before !== "unchecked" ? `${before}; ${why}` : why;
  });
  // Keep the criteria's own order in each list.
  const order = new Map(items.map((item, index) => [item.text, index]));
  const sort = (list: string[]) => list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  sort(out.failed);
  sort(out.done);
  return out;
}
