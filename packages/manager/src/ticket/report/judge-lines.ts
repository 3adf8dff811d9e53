import type { VerifyLogEntry } from "@agent-verify/contract";

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

/**
 * The judge's verdict as comment lines: each criterion with its status and evidence, then
 * `fix_forward` as the next actions. Nothing when no judge answered.
 */
export function judgeLines(entry: VerifyLogEntry): string[] {
  const judge = entry.judge;
  if (!judge) return [];
  const lines = [
    `Acceptance criteria, judged: ${judge.decision}`,
    ...judge.criteria.map((c) => {
      const text = c.text === null ? "" : ` ${oneLine(c.text)}`;
      return `- ${c.id} ${c.status}:${text} — ${oneLine(c.evidence) || "no evidence given"}`;
    }),
  ];
  if (judge.decision === "NEEDS_HUMAN") {
    const why = judge.problems.map(oneLine).join("; ") || "no usable verdict";
    lines.push(`The judge could not decide (${why}): a person must review the change.`);
  }
  if (judge.fix_forward.length > 0) {
    lines.push("", "Next actions:", ...judge.fix_forward.map((f) => `- [ ] ${oneLine(f)}`));
  }
  return lines;
}
