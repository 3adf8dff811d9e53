import type { VerifyLogEntry } from "@agent-verify/contract";
import { MANAGER_ESCALATION_SESSION } from "../decide/agent-loop.js";

/** The oracle tests the task declared it changes (`## TESTS`, `action: modify`): a human sees them. */
export function declaredTestLines(entry: VerifyLogEntry): string[] {
  const changes = entry.declared_test_changes ?? [];
  if (changes.length === 0) return [];
  return [
    "Declared test changes (the task's ## TESTS, action: modify):",
    ...changes.map((c) => `- ${c.file}${c.name ? ` › ${c.name}` : ""}: ${c.reason}`),
  ];
}

/** The escalation of a loop the agent ended `needs_human`: its reason and its last red stop. */
export function agentLoopLines(entry: VerifyLogEntry): string[] {
  const loop = entry.agent_loop;
  if (!loop) return [];
  if (loop.session_id === MANAGER_ESCALATION_SESSION)
    return [
      `The manager's agent asked for a human (escalate_issue / issue --escalate).`,
      `Reason: ${loop.reason ?? "none given"}`,
    ];
  return [
    `Agent loop ${loop.session_id} ended needs_human${loop.ended_by ? ` (by the ${loop.ended_by})` : ""}${loop.ended_at ? ` at ${loop.ended_at}` : ""}.`,
    `Reason: ${loop.reason ?? "none given"}`,
    ...(loop.last_summary ? [`Last red stop: ${loop.last_summary}`] : []),
  ];
}
