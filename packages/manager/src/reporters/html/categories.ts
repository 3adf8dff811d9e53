import type { FlowOutcome } from "@agent-verify/contract";

/** The report's four groups, as Playwright's HTML report shows them. */
export const CATEGORIES = ["passed", "failed", "flaky", "not_run"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  passed: "Passed",
  failed: "Failed",
  flaky: "Flaky",
  not_run: "Not run",
};

/** Outcomes where the flow never ran: nothing the app did decided them. */
const NOT_RUN = new Set(["not_implemented", "unknown_flow", "setup_error"]);

/**
 * `flaky` (failed, then passed on a rerun) is read by name, so a report written by a manager
 * that has that outcome is grouped right by one that does not.
 */
export function categoryOf(outcome: FlowOutcome): Category {
  const kind: string = outcome.outcome;
  if (kind === "pass") return "passed";
  if (kind === "flaky") return "flaky";
  return NOT_RUN.has(kind) ? "not_run" : "failed";
}

export function countCategories(outcomes: readonly FlowOutcome[]): Record<Category, number> {
  const counts: Record<Category, number> = { passed: 0, failed: 0, flaky: 0, not_run: 0 };
  for (const outcome of outcomes) counts[categoryOf(outcome)]++;
  return counts;
}
