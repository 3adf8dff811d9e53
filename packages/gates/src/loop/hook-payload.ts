import type { StopHookPayload } from "@agent-verify/contract";

/** What the hook needs before it knows whether a loop is armed: cheap, no zod on this path. */
export interface PayloadHead {
  sessionId: string;
  cwd: string | undefined;
  event: string | undefined;
  /** A subagent's id (SubagentStop); undefined for the session's main agent. */
  agentId: string | undefined;
  stopHookActive: boolean;
  json: unknown;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

export function readPayloadHead(input: string): PayloadHead | string {
  if (input.trim() === "") return "the payload on stdin is empty";
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch {
    return "the payload on stdin is not JSON";
  }
  const fields = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
  const sessionId = text(fields.session_id);
  if (sessionId === undefined) return "the payload has no usable session_id (a non-empty string)";
  if (fields.cwd !== undefined && text(fields.cwd) === undefined)
    return "the payload has no usable cwd (a non-empty string)";
  const event = text(fields.hook_event_name);
  // A SubagentStop without an agent_id (older agents) still is a subagent's: never the parent's loop.
  const agentId = text(fields.agent_id) ?? (event === "SubagentStop" ? "subagent" : undefined);
  return {
    sessionId,
    cwd: text(fields.cwd),
    event,
    agentId,
    stopHookActive: fields.stop_hook_active === true,
    json,
  };
}

/** The whole payload against the contract, once a loop is armed for its session. */
export async function checkPayload(json: unknown): Promise<StopHookPayload | string> {
  const { StopHookPayloadSchema } = await import("@agent-verify/contract/agent-loop");
  const parsed = StopHookPayloadSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `the payload has no usable ${issue?.path.join(".") || "object"} (${issue?.message ?? "invalid"})`;
}
