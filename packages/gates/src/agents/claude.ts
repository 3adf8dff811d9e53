import { answer } from "./hook-answer.js";
import { inputPaths, parseObject, quietAllow, text, type AgentDialect } from "./dialect.js";

/** Claude Code's edit tools: a PreToolUse on one of them is the guard's. */
export const CLAUDE_EDIT_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit"] as const;
export const CLAUDE_EDIT_MATCHER = CLAUDE_EDIT_TOOLS.join("|");

/**
 * Claude Code: the loop's own shape. Stop / SubagentStop / SessionStart / UserPromptSubmit go to
 * the loop as they are (the answer is `hook-answer.ts`'s, byte for byte); a PreToolUse on an
 * edit tool goes to the guard, answered with `permissionDecision: "deny"` and the reason Claude reads.
 */
export const claude: AgentDialect = {
  name: "claude",
  async read(input) {
    const json = parseObject(input);
    if (json?.hook_event_name !== "PreToolUse") return { kind: "gate", payload: input };
    const session = text(json.session_id);
    const tool = text(json.tool_name) ?? "";
    if (session === undefined || !(CLAUDE_EDIT_TOOLS as readonly string[]).includes(tool))
      return { kind: "pass", reason: `a ${tool || "tool"} call is not an edit the guard checks` };
    return { kind: "edit", session, cwd: text(json.cwd), files: inputPaths(json.tool_input) };
  },
  answer,
  answerEdit(verdict) {
    if (!verdict.deny) return quietAllow(verdict.reason);
    const body = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: verdict.reason,
      },
    };
    return { stdout: `${JSON.stringify(body)}\n`, stderr: "", exitCode: 0 };
  },
};
