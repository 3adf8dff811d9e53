import type { VerifyLogEntry } from "@agent-verify/contract";

/**
 * The deliverable rubric as comment lines, item by item, then every citation that did not
 * hold up: the worker gets back exactly which `file:line` was wrong and why.
 */
export function deliverableLines(entry: VerifyLogEntry): string[] {
  const review = entry.deliverable_review;
  if (!review) return [];
  const lines = [
    `Deliverable ${review.file} (${review.kind}), rubric: ${review.pass ? "pass" : "fail"}`,
    ...review.items.map((i) => `- ${i.item}: ${i.status}${i.detail ? ` — ${i.detail}` : ""}`),
  ];
  const bad = review.citations.filter((c) => !c.ok);
  if (bad.length > 0) {
    lines.push(
      "",
      `Citations that do not hold (${bad.length} of ${review.citations.length} checked):`,
      ...bad.map(
        (c) => `- ${review.file}:${c.at} cites ${c.file}:${c.line}: ${c.reason ?? "wrong"}`,
      ),
    );
  }
  if (entry.manual_smoke_required && entry.manual_smoke) {
    lines.push(
      "",
      "Manual smoke test needed:",
      ...entry.manual_smoke.steps.map((s) => `- [ ] ${s}`),
    );
  }
  return lines;
}

/** A UI change on a code ticket: the steps a human should run (the log has them too). */
export function smokeLines(entry: VerifyLogEntry): string[] {
  if (entry.deliverable_review || !entry.manual_smoke_required || !entry.manual_smoke) return [];
  return ["Manual smoke test needed:", ...entry.manual_smoke.steps.map((s) => `- [ ] ${s}`)];
}
