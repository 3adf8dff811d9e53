import type { VerifyLogEntry } from "@agent-verify/contract";

const quote = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 119)}…` : text);

function firstLine(text: string | null): string {
  return (text ?? "").split("\n")[0] ?? "";
}

/** One line naming what failed in an attempt, for comments and `verify-manager log`. */
export function failureSummary(entry: VerifyLogEntry): string {
  const parts: string[] = [];
  if (entry.setup_error !== null) parts.push(`setup: ${firstLine(entry.setup_error)}`);
  if (entry.failed_flows.length > 0) {
    const flows = entry.failed_flows.map((f) => {
      const step = f.failing_step ? ` at step '${f.failing_step}'` : "";
      const error = f.error ? `: ${firstLine(f.error)}` : "";
      return `${f.flow} ${f.outcome}${step}${error}`;
    });
    parts.push(`flows failed: ${flows.join("; ")}`);
  }
  if (entry.failed_tests.length > 0) {
    parts.push(`tests failed: ${entry.failed_tests.map((t) => quote(t.name)).join(", ")}`);
  }
  if (entry.failed_ac.length > 0) {
    parts.push(`open acceptance criteria: ${entry.failed_ac.map(quote).join(", ")}`);
  }
  if (entry.typecheck_errors.length > 0) {
    const first = entry.typecheck_errors[0];
    const where = first?.file ? ` (first: ${first.file}:${first.line ?? "?"} ${first.code})` : "";
    parts.push(`${entry.typecheck_errors.length} typecheck errors${where}`);
  }
  if (entry.lint_errors.length > 0) {
    const first = entry.lint_errors[0];
    const where = first?.file ? ` (first: ${first.file}:${first.line ?? "?"} ${first.rule})` : "";
    parts.push(`${entry.lint_errors.length} lint errors${where}`);
  }
  for (const f of entry.gate_findings.slice(0, 5)) {
    parts.push(`${f.stage}/${f.rule}${f.file ? ` in ${f.file}` : ""}: ${firstLine(f.message)}`);
  }
  if (entry.gate_findings.length > 5)
    parts.push(`${entry.gate_findings.length - 5} more gate findings`);
  if (entry.flaky.length > 0) {
    parts.push(`flaky: ${entry.flaky.map((f) => `${f.kind} ${f.name} (${f.reason})`).join(", ")}`);
  }
  return parts.join("; ") || "no failure recorded";
}

/** What a passing attempt rests on, for the close reason. */
export function passEvidence(entry: VerifyLogEntry, acMet: number): string {
  const parts: string[] = [];
  if (entry.flows_run.length > 0) parts.push(`flows ${entry.flows_run.join(", ")} passed`);
  if (entry.gates.status === "pass") {
    parts.push(entry.gates.already_verified ? "gates passed (stamp)" : "gates passed");
  }
  if (acMet > 0) parts.push(`${acMet} acceptance ${acMet === 1 ? "criterion" : "criteria"} met`);
  return parts.join("; ") || "nothing failed";
}
