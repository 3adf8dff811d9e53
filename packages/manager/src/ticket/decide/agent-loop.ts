import type { AgentLoopBrief, GateFindingBrief, VerifyLogEntry } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { emptyEvidence, type Evidence } from "../collect/evidence.js";

/** The session an escalation asked of the manager (`issue --escalate`, MCP `escalate_issue`) is named by. */
export const MANAGER_ESCALATION_SESSION = "verify-manager";

/** An attempt that verifies nothing: the manager's agent asked for a human, with its reason. */
export function agentEscalation(reason: string, now = new Date()): Evidence {
  const why = reason.trim();
  if (why === "")
    throw new ManagerError(
      ManagerErrorCode.UsageError,
      "--escalate: say why a human is needed (not empty)",
    );
  const at = now.toISOString();
  return {
    ...emptyEvidence([]),
    agentLoop: {
      session_id: MANAGER_ESCALATION_SESSION,
      state: "needs_human",
      started_at: at,
      ended_at: at,
      ended_by: "agent",
      reason: why,
      last_summary: null,
    },
  };
}

/** The finding an escalated loop adds to an attempt: what the comment and the log show. */
export const LOOP_ESCALATED_RULE = "agent-escalated";

/** The same escalation: one loop ended once (its session and the time it ended). */
const sameEnd = (a: AgentLoopBrief, b: AgentLoopBrief | undefined) =>
  b !== undefined && a.session_id === b.session_id && a.ended_at === b.ended_at;

/**
 * The agent loop the attempt must escalate for: the gates' latest loop ended `needs_human`
 * (the agent ran `loop escalate`) and works on this ticket — a loop that names another ticket
 * (`loop start --ticket`, the task file's `TASK_ID:`) is that ticket's business; one that names
 * none concerns every ticket of its tree —, unless an earlier attempt already escalated that
 * very end (a human removed the label afterwards: the ticket is verified again on its merits). Pure.
 */
export function escalatedLoop(
  loop: AgentLoopBrief | null | undefined,
  history: readonly VerifyLogEntry[],
  ticket?: string,
): AgentLoopBrief | null {
  if (!loop || loop.state !== "needs_human") return null;
  if (loop.ticket !== undefined && ticket !== undefined && loop.ticket !== ticket) return null;
  const seen = history.some((e) => e.decision === "escalate" && sameEnd(loop, e.agent_loop));
  return seen ? null : loop;
}

/** What an escalated loop reads as among the attempt's findings. */
export function loopFinding(loop: AgentLoopBrief): GateFindingBrief {
  const who = loop.ended_by === "user" ? "a person" : "the coding agent";
  return {
    stage: "agent-loop",
    file: null,
    line: null,
    rule: LOOP_ESCALATED_RULE,
    message: `${who} escalated the loop (session ${loop.session_id}, needs_human): ${loop.reason ?? "no reason given"}`,
  };
}
