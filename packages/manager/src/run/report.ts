import {
  RunReportSchema,
  type FlowOutcome,
  type OutcomeKind,
  type ReportShard,
  type RunMeta,
  type RunReport,
} from "@agent-verify/contract";
import { stderrTailLines } from "./stderr-tail.js";

/** What a run means for the exit code. */
export type RunVerdict = "passed" | "failed" | "setup";

/** Outcomes that say the run could not be made rather than that the product misbehaved. */
export const SETUP_OUTCOMES: ReadonlySet<OutcomeKind> = new Set([
  "setup_error",
  "unknown_flow",
  "not_implemented",
]);

/** The run's report; a shard's says which part it is, and an empty shard has passed. */
export function buildReport(
  outcomes: readonly FlowOutcome[],
  shard?: ReportShard,
  meta?: RunMeta,
): RunReport {
  return RunReportSchema.parse({
    schema_version: 1,
    passed:
      (outcomes.length > 0 || shard !== undefined) && outcomes.every((o) => o.outcome === "pass"),
    outcomes,
    ...(shard ? { shard } : {}),
    ...(meta ? { meta } : {}),
  });
}

export function verdictOf(report: RunReport): RunVerdict {
  if (report.passed) return "passed";
  const failed = report.outcomes.filter((o) => o.outcome !== "pass");
  return failed.every((o) => SETUP_OUTCOMES.has(o.outcome)) ? "setup" : "failed";
}

export function describeOutcome(outcome: FlowOutcome): string {
  const where = outcome.failing_step ? ` at step '${outcome.failing_step}'` : "";
  const error = outcome.error ? `: ${outcome.error.split("\n")[0]}` : "";
  return `${outcome.flow}: ${outcome.outcome}${where}${error}`;
}

export function formatSummary(report: RunReport): string {
  const lines = report.outcomes.map((o) => {
    const mark = o.outcome === "pass" ? "PASS" : o.outcome === "flaky" ? "FLAKY" : "FAIL";
    const line = `${mark}  ${describeOutcome(o)} (${o.duration_ms} ms)`;
    const shot =
      typeof o.artifacts?.screenshot === "string"
        ? `\n      screenshot: ${o.artifacts.screenshot}`
        : "";
    return [line + shot, ...stderrTailLines(o)].join("\n");
  });
  const passed = report.outcomes.filter((o) => o.outcome === "pass").length;
  lines.push(`${passed}/${report.outcomes.length} flows passed`);
  return `${lines.join("\n")}\n`;
}
