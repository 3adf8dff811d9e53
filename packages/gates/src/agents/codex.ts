import { answer } from "./hook-answer.js";
import {
  armingPrompt,
  inputPaths,
  parseObject,
  quietAllow,
  text,
  type AgentDialect,
} from "./dialect.js";
import { claude } from "./claude.js";

/** Codex's file edits go through apply_patch; its hook matchers also take the aliases Edit and Write. */
export const CODEX_EDIT_MATCHER = "apply_patch|Edit|Write";

/** The files an apply_patch envelope touches (`*** Update File: p`, `*** Add File:`, `*** Delete File:`, `*** Move to:`). */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const match of patch.matchAll(
    /^\*\*\* (?:Update File|Add File|Delete File|Move to): (.+)$/gm,
  ))
    paths.push((match[1] ?? "").trim());
  return paths.filter((p) => p !== "");
}

/**
 * Codex CLI (hooks in `.codex/hooks.json`): its Stop / SubagentStop / SessionStart /
 * UserPromptSubmit payloads have Claude Code's fields (session_id, cwd, stop_hook_active,
 * agent_id) and it reads the same answer (`{"decision":"block","reason"}`: the reason becomes
 * the next prompt). It documents no cap on consecutive blocks: only max_iterations caps.
 */
export const codex: AgentDialect = {
  name: "codex",
  async read(input) {
    const json = parseObject(input);
    const event = json?.hook_event_name;
    if (json && event === "UserPromptSubmit")
      // A prompt that starts with verify-loop arms (Codex may keep an unknown /command to itself).
      return {
        kind: "gate",
        payload: JSON.stringify({
          ...json,
          prompt: armingPrompt(json.prompt) ? "/verify-loop" : "",
        }),
      };
    if (json && event === "PreToolUse") {
      const session = text(json.session_id);
      const toolInput = json.tool_input as { command?: unknown } | undefined;
      const files = [
        ...inputPaths(toolInput),
        ...(typeof toolInput?.command === "string" && json.tool_name !== "Bash"
          ? patchPaths(toolInput.command)
          : []),
      ];
      if (session === undefined || files.length === 0)
        return { kind: "pass", reason: "not a file edit the guard checks" };
      return { kind: "edit", session, cwd: text(json.cwd), files };
    }
    // Codex sends `transcript_path: null` where Claude Code's shape has a string or nothing.
    const payload =
      json && json.transcript_path === null
        ? JSON.stringify({ ...json, transcript_path: undefined })
        : input;
    return { kind: "gate", payload, cap: { limit: 0, label: "Codex's (none)" } };
  },
  answer,
  answerEdit(verdict) {
    return verdict.deny ? claude.answerEdit(verdict) : quietAllow(verdict.reason);
  },
};
