import type { IssueVerification, LoopStatus, VerifyLogEntry } from "@agent-verify/contract";
import { failureSummary } from "./summary.js";

/** Left-aligned columns, two spaces apart. */
export function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `verify-manager log <id>`: one row per attempt. */
export function formatHistory(ticket: string, entries: readonly VerifyLogEntry[]): string {
  if (entries.length === 0) return `no attempts logged for ${ticket}`;
  const rows = entries.map((e) => [
    String(e.attempt),
    e.timestamp,
    e.decision,
    e.counted ? "yes" : "no",
    (e.tree_hash ?? "-").slice(0, 12),
    e.pass ? "clean pass" : failureSummary(e),
  ]);
  return table([["ATTEMPT", "WHEN", "DECISION", "COUNTED", "TREE", "EVIDENCE"], ...rows]);
}

/** `verify-manager issues`: one row per ticket, then a count per state. */
export function formatLoopStatus(status: LoopStatus): string {
  const rows = status.tickets.map((t) => [
    t.id,
    t.state,
    t.attempt === null ? "-" : String(t.attempt),
    (t.reason ?? "").split("\n")[0]?.slice(0, 160) ?? "",
  ]);
  const counts = new Map<string, number>();
  for (const t of status.tickets) counts.set(t.state, (counts.get(t.state) ?? 0) + 1);
  const tally = [...counts].map(([state, n]) => `${n} ${state}`).join(", ");
  return `${table([["TICKET", "STATE", "ATTEMPT", "REASON"], ...rows])}\n${status.tickets.length} tickets: ${tally}`;
}

/** `verify-manager issue`: what was decided and done. */
export function formatVerification(result: IssueVerification): string {
  const prefix = result.dry_run ? "would " : "";
  const attempt = result.attempt
    ? ` (attempt ${result.attempt}${result.resumed ? ", resumed" : ""})`
    : "";
  if (result.action === "none") {
    return result.decision === "escalate"
      ? `${result.issue} was escalated at attempt ${result.attempt}; waiting for a human (remove the needs-human label to verify it again)`
      : `${result.issue} is already closed (${result.close_reason ?? "no reason"}); verification ${result.verdict}`;
  }
  if (result.action === "closed") {
    return `${prefix}close ${result.issue}${attempt} with reason: ${result.close_reason}`;
  }
  const what = result.action === "escalated" ? "escalate" : "comment on";
  return `${prefix}${what} ${result.issue}${attempt}:\n${result.comment}`;
}
