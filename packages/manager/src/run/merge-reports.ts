import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { buildReport } from "./report.js";
import { mergeMeta } from "./run-meta.js";

/**
 * `verify-manager merge-reports`: join the shards' reports into the report one run
 * would have given — the outcomes in the order the flows were selected (from the
 * shards' `shard.selected`, else in the order given), each flow exactly once.
 */
export function mergeReports(
  reports: ReadonlyArray<{ path: string; report: RunReport }>,
): RunReport {
  const seen = new Map<string, { outcome: FlowOutcome; path: string }>();
  for (const { path, report } of reports) {
    for (const outcome of report.outcomes) {
      const earlier = seen.get(outcome.flow);
      if (earlier) {
        throw new ManagerError(
          ManagerErrorCode.ReportInvalid,
          `${path}: flow '${outcome.flow}' is also in ${earlier.path}: a flow must run in one shard only`,
          { hint: "merge the reports of one sharded run (the same --shard i/n split)" },
        );
      }
      seen.set(outcome.flow, { outcome, path });
    }
  }
  const selected = reports.find(({ report }) => report.shard)?.report.shard?.selected;
  const meta = mergeMeta(reports.map(({ report }) => report));
  if (!selected)
    return buildReport(
      [...seen.values()].map((entry) => entry.outcome),
      undefined,
      meta,
    );
  const missing = selected.filter((flow) => !seen.has(flow));
  const total = reports.find(({ report }) => report.shard)?.report.shard?.total ?? 0;
  if (missing.length > 0) {
    throw new ManagerError(
      ManagerErrorCode.ReportInvalid,
      `flows ${missing.join(", ")} are in no report: ${reports.length} of ${total} shards given?`,
      { hint: "pass every shard's report" },
    );
  }
  const order = new Map(selected.map((flow, i) => [flow, i]));
  const outcomes = [...seen.values()]
    .map((entry) => entry.outcome)
    .sort((a, b) => (order.get(a.flow) ?? Infinity) - (order.get(b.flow) ?? Infinity));
  return buildReport(outcomes, undefined, meta);
}
