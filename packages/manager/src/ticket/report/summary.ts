import type { VerifyLogEntry } from "@agent-verify/contract";
import { failuresOf, summarize } from "../failures/failures.js";

/** One line naming what failed in an attempt, for comments and `verify-manager log`. */
export function failureSummary(entry: VerifyLogEntry): string {
  return summarize(failuresOf(entry));
}

/** What a passing attempt rests on, for the close reason. */
export function passEvidence(entry: VerifyLogEntry, acMet: number): string {
  const parts: string[] = [];
  if (entry.flows_run.length > 0) parts.push(`flows ${entry.flows_run.join(", ")} passed`);
  // A gates pass that checked nothing is no evidence (issue 46 §2).
  if (entry.gates.status === "pass" && entry.gates.unchecked !== true) {
    parts.push(entry.gates.already_verified ? "gates passed (stamp)" : "gates passed");
  }
  if (entry.deliverable_review?.pass) {
    parts.push(`deliverable ${entry.deliverable_review.file} passed the rubric`);
  }
  if (acMet > 0) parts.push(`${acMet} acceptance ${acMet === 1 ? "criterion" : "criteria"} met`);
  if (entry.manual_smoke_required)
    parts.push("UI changed: a manual smoke test is asked for (see the log)");
  return parts.join("; ") || "nothing failed";
}
