import type { BatchPlan, BatchPlanTicket } from "@agent-verify/contract";

function runs(ticket: BatchPlanTicket): string {
  if (ticket.route === "deliverable") return `deliverable ${ticket.deliverable ?? "-"} (rubric)`;
  const parts = [
    ticket.flows.length > 0 ? `flows ${ticket.flows.join(", ")}` : "no flows",
    ticket.gates ? "gates" : "no gates",
  ];
  if (ticket.criteria > 0) parts.push(`${ticket.criteria} criteria`);
  return parts.join("; ");
}

/** `verify-manager issues`' plan: which tickets, in what order, and what each one runs. */
export function formatPlan(plan: BatchPlan): string {
  const head = plan.resumed
    ? `plan: resuming .verify/loop-status.json, ${plan.tickets.length} tickets left, in this order:`
    : `plan: ${plan.tickets.length} tickets, in this order:`;
  const lines = plan.tickets.map((t, index) => {
    const from = t.epic === null ? "" : ` (epic ${t.epic})`;
    const problem = t.problem === null ? "" : `\n     problem: ${t.problem}`;
    return `  ${index + 1}. ${t.id}${from} [${t.type}, ${t.status}] ${JSON.stringify(t.title)}: ${runs(t)}${problem}`;
  });
  const tail = plan.dry_run ? ["dry run: nothing was run, logged or changed"] : [];
  return [head, ...lines, ...tail].join("\n");
}
