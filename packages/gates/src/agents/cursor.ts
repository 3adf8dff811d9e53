import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { HookResult } from "./hook-answer.js";
import {
  armingPrompt,
  inputPaths,
  parseObject,
  quietAllow,
  text,
  type AgentCap,
  type AgentDialect,
} from "./dialect.js";

export const CURSOR_HOOKS_FILE = ".cursor/hooks.json";
/** Cursor's follow-ups per conversation when a stop hook entry sets no `loop_limit`. */
export const CURSOR_DEFAULT_LOOP_LIMIT = 5;
/** The tools whose preToolUse the guard answers (Cursor's file-writing tools). */
export const CURSOR_EDIT_MATCHER = "Write|Delete";

const json = (body: object): HookResult => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr: "",
  exitCode: 0,
});

/**
 * The `loop_limit` Cursor applies to our stop entry in `<root>/.cursor/hooks.json` (absent: 5;
 * null: none). Read at each stop: whatever the file says is what Cursor enforces.
 */
export async function cursorLoopLimit(root: string | undefined): Promise<number> {
  if (root === undefined) return CURSOR_DEFAULT_LOOP_LIMIT;
  const file = parseObject(await readFile(join(root, CURSOR_HOOKS_FILE), "utf8").catch(() => ""));
  const stops = (file?.hooks as { stop?: unknown } | undefined)?.stop;
  const ours = Array.isArray(stops)
    ? (stops as Array<Record<string, unknown>>).find(
        (entry) =>
          typeof entry?.command === "string" && / hook --agent cursor\b/.test(entry.command),
      )
    : undefined;
  if (ours === undefined || !("loop_limit" in ours)) return CURSOR_DEFAULT_LOOP_LIMIT;
  const limit = ours.loop_limit;
  if (limit === null) return 0;
  return typeof limit === "number" && Number.isInteger(limit) && limit >= 0
    ? limit
    : CURSOR_DEFAULT_LOOP_LIMIT;
}

/**
 * Cursor (hooks in `.cursor/hooks.json`, `version: 1`): a conversation is the session
 * (`conversation_id`), its first workspace root the working directory. `stop` carries
 * `status` and `loop_count` (the follow-ups already sent); a block is a `followup_message`,
 * which Cursor submits as the next user message while `loop_count` is below the entry's
 * `loop_limit`. At that limit the loop ends `capped` (agent_block_cap), never a silent allow.
 */
export const cursor: AgentDialect = {
  name: "cursor",
  async read(input) {
    const payload = parseObject(input);
    const session = text(payload?.conversation_id);
    if (payload === undefined || session === undefined)
      return { kind: "pass", reason: "the payload has no usable conversation_id" };
    const roots = payload.workspace_roots;
    const cwd = text(payload.cwd) ?? (Array.isArray(roots) ? text(roots[0]) : undefined);
    const base = { session_id: session, ...(cwd ? { cwd } : {}) };
    switch (payload.hook_event_name) {
      case "stop": {
        if (payload.status !== undefined && payload.status !== "completed")
          return { kind: "pass", reason: `the turn ended ${String(payload.status)}: not gated` };
        const count = typeof payload.loop_count === "number" ? payload.loop_count : 0;
        const limit = await cursorLoopLimit(cwd);
        const cap: AgentCap = {
          // Cursor still sends the follow-up of this stop while loop_count < loop_limit.
          limit: limit === 0 ? 0 : limit + 1,
          consecutive: count + 1,
          label: `Cursor's loop_limit of ${limit}`,
        };
        const stop = { ...base, hook_event_name: "Stop", stop_hook_active: count > 0 };
        return { kind: "gate", payload: JSON.stringify(stop), cap };
      }
      case "beforeSubmitPrompt":
      case "sessionStart": {
        const event =
          payload.hook_event_name === "sessionStart" ? "SessionStart" : "UserPromptSubmit";
        const prompt = armingPrompt(payload.prompt) ? "/verify-loop" : "";
        return {
          kind: "gate",
          payload: JSON.stringify({ ...base, hook_event_name: event, prompt }),
        };
      }
      case "preToolUse": {
        const files = inputPaths(payload.tool_input);
        if (files.length === 0) return { kind: "pass", reason: "not a file edit the guard checks" };
        return { kind: "edit", session, cwd, files };
      }
      default:
        return {
          kind: "pass",
          reason: `${String(payload.hook_event_name)} is not an event of the loop`,
        };
    }
  },
  answer(decision, payload) {
    const event = (parseObject(payload) ?? {}).hook_event_name;
    if (decision.block) return json({ followup_message: decision.reason });
    const note = `verify-gates hook: ${decision.quiet ? "" : "allowing the stop: "}${decision.reason}\n`;
    // beforeSubmitPrompt must say whether the prompt goes on; the other events take an empty object.
    const body = event === "UserPromptSubmit" ? { continue: true } : {};
    return { ...json(body), stderr: decision.warning ? `${decision.warning}\n` : note };
  },
  answerEdit(verdict) {
    if (!verdict.deny) return quietAllow(verdict.reason, "{}\n");
    return json({
      permission: "deny",
      user_message: verdict.reason,
      agent_message: verdict.reason,
    });
  },
};
