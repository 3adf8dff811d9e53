import type { HookResult } from "./hook-answer.js";
import {
  armingPrompt,
  inputPaths,
  parseObject,
  quietAllow,
  text,
  type AgentDialect,
} from "./dialect.js";

/** Gemini CLI's file-writing tools: a BeforeTool on one of them is the guard's. */
export const GEMINI_EDIT_MATCHER = "write_file|replace";

const json = (body: object, stderr = ""): HookResult => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr,
  exitCode: 0,
});

/**
 * Gemini CLI (hooks in `.gemini/settings.json`): `AfterAgent` ends a turn (session_id, cwd,
 * stop_hook_active); `{"decision":"deny","reason"}` rejects the response and sends the reason to
 * the agent as its next prompt. `BeforeAgent` carries the prompt, `BeforeTool` the tool's
 * arguments (a deny's reason reaches the agent as the tool's error). Stdout holds one JSON object
 * and nothing else. It documents no cap on consecutive retries: only max_iterations caps.
 */
export const gemini: AgentDialect = {
  name: "gemini",
  async read(input) {
    const payload = parseObject(input);
    if (payload === undefined) return { kind: "gate", payload: input };
    switch (payload.hook_event_name) {
      case "AfterAgent":
        return {
          kind: "gate",
          payload: JSON.stringify({ ...payload, hook_event_name: "Stop" }),
          cap: { limit: 0, label: "Gemini CLI's (none)" },
        };
      case "BeforeAgent": {
        const prompt = armingPrompt(payload.prompt) ? "/verify-loop" : "";
        const record = { ...payload, hook_event_name: "UserPromptSubmit", prompt };
        return { kind: "gate", payload: JSON.stringify(record) };
      }
      case "BeforeTool": {
        const session = text(payload.session_id);
        const files = inputPaths(payload.tool_input);
        if (session === undefined || files.length === 0)
          return { kind: "pass", reason: "not a file edit the guard checks" };
        return { kind: "edit", session, cwd: text(payload.cwd), files };
      }
      case "SessionStart":
        return { kind: "gate", payload: input };
      default:
        return {
          kind: "pass",
          reason: `${String(payload.hook_event_name)} is not an event of the loop`,
        };
    }
  },
  answer(decision) {
    if (decision.block) return json({ decision: "deny", reason: decision.reason });
    if (decision.warning) return json({ systemMessage: decision.warning });
    return quietAllow(`${decision.quiet ? "" : "allowing the stop: "}${decision.reason}`, "{}\n");
  },
  answerEdit(verdict) {
    if (!verdict.deny) return quietAllow(verdict.reason, "{}\n");
    return json({ decision: "deny", reason: verdict.reason });
  },
};
