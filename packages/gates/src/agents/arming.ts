import { loopInvocation } from "./claude-files.js";
import type { AgentName } from "./dialect.js";

/**
 * How each agent arms the loop. Claude Code has `/verify-loop` (claude-files.ts), which passes
 * its session id. The others' prompt hooks record a prompt that begins with `verify-loop` (or
 * `/verify-loop`), and `loop start` without `--session` arms the session that typed it: Cursor
 * and Gemini CLI get a project command file that begins so; Codex keeps custom prompts in the
 * user's home only, so its user types the prompt `loop install` prints.
 */
export const ARMING_FILES: Partial<Record<AgentName, string>> = {
  cursor: ".cursor/commands/verify-loop.md",
  gemini: ".gemini/commands/verify-loop.toml",
};

function body(bin: string, args: string, tool: string): string[] {
  return [
    "verify-loop: arm the verify-gates loop for this session.",
    "",
    `Run this command with ${tool}, exactly once, from the project directory:`,
    "",
    `    ${bin} loop start ${args}`.trimEnd(),
    "",
    "It arms the loop for the session whose verify-loop prompt the hook just recorded, and prints",
    "which session it armed. From now on each time you finish, the stop hook runs verify-gates and",
    "sends you back while the change is red, with what to fix first. Fix only what",
    ".verify/summary.txt names, then finish again. Never edit .verify/, the agent's hook files,",
    "thresholds or tests to make a gate pass: the tests are judged as they were when the loop began.",
    "",
    "If you believe a test or the task itself is wrong, say so instead of working around it:",
    "",
    `    ${bin} loop escalate --reason "<why>"`,
    "",
    "ends the loop as needs_human (not verified) and hands it to a person.",
    `\`${bin} loop status\` shows the iteration.`,
    "",
  ];
}

/** The command file's text for `hookCommand`, or undefined for an agent without one. */
export function armingText(agent: AgentName, hookCommand: string): string | undefined {
  const bin = loopInvocation(hookCommand);
  if (agent === "cursor")
    return body(bin, "", "the terminal tool")
      .concat([
        "Flags typed after /verify-loop (--max-iterations N, --task-file TASK.md, --base REF) go at",
        "the end of the loop start command.",
        "",
      ])
      .join("\n");
  if (agent === "gemini") {
    const prompt = body(bin, "{{args}}", "the shell tool").join("\n");
    const basic = prompt.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
    return [
      'description = "Arm the verify-gates loop: this session cannot end its turn while the change is red"',
      `prompt = """`,
      `${basic}"""`,
      "",
    ].join("\n");
  }
  return undefined;
}

/** What the user of `agent` types to arm the loop (printed by `loop install`). */
export function armingHint(agent: AgentName, hookCommand: string): string {
  const bin = loopInvocation(hookCommand);
  switch (agent) {
    case "claude":
      return "type /verify-loop to arm the loop";
    case "cursor":
    case "gemini":
      return "type /verify-loop in the agent to arm the loop";
    case "codex":
      return `type the prompt "verify-loop: run ${bin} loop start, then continue" in Codex to arm the loop`;
  }
}
