import { Command, Option } from "commander";
import { AGENT_NAMES, type AgentName } from "./agents/dialect.js";

/** The agent-loop subcommands: `loop start|stop|status|install`, `hook`, `verdict`. */
export type AgentArgs =
  | {
      command: "loop-start";
      session: string | undefined;
      maxIterations: number | undefined;
      base: string | undefined;
      taskFile: string | undefined;
      ticket: string | undefined;
    }
  | { command: "loop-stop"; session: string | undefined }
  | { command: "loop-escalate"; session: string | undefined; reason: string }
  | { command: "loop-status"; json: boolean; session: string | undefined }
  | {
      command: "loop-install";
      settings: string | undefined;
      hookCommand: string | undefined;
      timeoutS: number | undefined;
      /** `--agent`, repeated or comma-separated; empty: Claude Code as before, and a note on the others found. */
      agents: AgentName[];
    }
  | { command: "hook"; format: "claude" | "generic"; agent: AgentName | undefined }
  | {
      command: "verdict";
      json: boolean;
      taskFile: string | undefined;
      criteriaFile: string | undefined;
    }
  | { command: "usage-error"; message: string };

const positiveInt = (name: string, value: string): number | string => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0
    ? n
    : `${name}: expected a positive whole number, got '${value}'`;
};

/** `--agent codex --agent cursor` and `--agent codex,cursor` alike; a name not known is a usage error. */
function agentList(values: readonly string[]): AgentName[] | string {
  const names = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  const unknown = names.find((n) => !(AGENT_NAMES as readonly string[]).includes(n));
  if (unknown !== undefined) return `--agent: '${unknown}' is not one of ${AGENT_NAMES.join(", ")}`;
  return [...new Set(names as AgentName[])];
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Register the subcommands on `root`; `set` receives what to do. */
export function addAgentCommands(
  root: Command,
  set: (args: AgentArgs) => void,
  configure: (command: Command) => Command,
): void {
  const loop = configure(
    root
      .command("loop")
      .description("arm or disarm the Stop-hook loop for a coding agent's session"),
  );
  configure(
    loop
      .command("start")
      .description(
        "arm the loop for one session (kept signed in the user's state folder, with an oracle snapshot of the tree): the hook gates this session's stops",
      )
      .option(
        "--session <id>",
        "the agent's session id (/verify-loop passes ${CLAUDE_SESSION_ID}); without it, the session whose /verify-loop prompt the hook recorded last, refused when that is not certain",
      )
      .option("--max-iterations <n>", "stops to block before giving up (default 5)")
      .option("--base <ref>", "base ref for the hook's gates runs")
      .option("--task-file <file>", "task file for the hook's gates runs")
      .option(
        "--ticket <id>",
        "the ticket the loop works on (default: the task file's TASK_ID): the manager escalates only that ticket when the loop ends needs_human",
      ),
  ).action(
    (opts: {
      session?: string;
      maxIterations?: string;
      base?: string;
      taskFile?: string;
      ticket?: string;
    }) => {
      const max =
        opts.maxIterations === undefined
          ? undefined
          : positiveInt("--max-iterations", opts.maxIterations);
      if (typeof max === "string") return set({ command: "usage-error", message: max });
      set({
        command: "loop-start",
        session: opts.session,
        maxIterations: max,
        base: opts.base,
        taskFile: opts.taskFile,
        ticket: opts.ticket,
      });
    },
  );
  const sessionFlag = "--session <id>";
  configure(
    loop
      .command("stop")
      .description(
        "disarm a session's loop (default: the only active one); recorded as disarmed, not verified",
      )
      .option(sessionFlag, "the session whose loop to disarm"),
  ).action((opts: { session?: string }) => set({ command: "loop-stop", session: opts.session }));
  configure(
    loop
      .command("escalate")
      .description(
        "the honest way out: end the loop as needs_human with a reason (a test or the task is wrong); the next stop is allowed, nothing is verified",
      )
      .option(sessionFlag, "the session whose loop to escalate (default: the only active one)")
      .option("--reason <text>", "why a human is needed"),
  ).action((opts: { session?: string; reason?: string }) =>
    opts.reason === undefined || opts.reason.trim() === ""
      ? set({ command: "usage-error", message: "loop escalate: --reason is required" })
      : set({ command: "loop-escalate", session: opts.session, reason: opts.reason }),
  );
  configure(
    loop
      .command("status")
      .description("print the loops in this repository (--json: a list)")
      .option(sessionFlag, "only this session's loop (--json: the object or null)")
      .option("--json", "print JSON", false),
  ).action((opts: { json: boolean; session?: string }) =>
    set({ command: "loop-status", json: opts.json, session: opts.session }),
  );
  configure(
    loop
      .command("install")
      .description(
        "add the Stop, SubagentStop, SessionStart and UserPromptSubmit hooks to .claude/settings.json (merged, never overwritten) and the /verify-loop command",
      )
      .option("--settings <file>", "settings file (default: <repo>/.claude/settings.json)")
      .option(
        "--command <cmd>",
        "hook command (default: this verify-gates by its absolute path, recorded with its hash)",
      )
      .option("--timeout <s>", "hook timeout in seconds (default 600)")
      .option(
        "--agent <name>",
        `install for these coding agents, each in its own hook file and format (${AGENT_NAMES.join("|")}; repeat or comma-separate; claude adds the pre-edit guard); without it: Claude Code as before, naming the other agents configured here`,
        collect,
      ),
  ).action((opts: { settings?: string; command?: string; timeout?: string; agent?: string[] }) => {
    const timeout = opts.timeout === undefined ? undefined : positiveInt("--timeout", opts.timeout);
    if (typeof timeout === "string") return set({ command: "usage-error", message: timeout });
    const agents = agentList(opts.agent ?? []);
    if (typeof agents === "string") return set({ command: "usage-error", message: agents });
    set({
      command: "loop-install",
      settings: opts.settings,
      hookCommand: opts.command,
      timeoutS: timeout,
      agents,
    });
  });
  configure(
    root
      .command("hook")
      .description(
        "a Stop/SubagentStop hook: reads the payload on stdin, blocks the stop while the change is red (SessionStart/UserPromptSubmit: records the session)",
      )
      .addOption(
        new Option("--format <format>", "claude (also Codex) or generic")
          .choices(["claude", "generic"])
          .default("claude"),
      )
      .addOption(
        new Option(
          "--agent <name>",
          "the coding agent whose payload this is and whose format the answer takes (default claude); its pre-edit hook runs the guard",
        ).choices([...AGENT_NAMES]),
      ),
  ).action((opts: { format: "claude" | "generic"; agent?: AgentName }) =>
    set({ command: "hook", format: opts.format, agent: opts.agent }),
  );
  configure(
    root
      .command("verdict")
      .description("aggregate judge verdicts given as JSON on stdin: PASS, FAIL or NEEDS_HUMAN")
      .option("--json", "print the aggregate as JSON", false)
      .option(
        "--task-file <file>",
        "the task: its criteria must each get a verdict, its TASK_ID must match",
      )
      .option(
        "--criteria-file <file>",
        "acceptance criteria, one per bullet or line ('-' is not allowed here: stdin holds the verdicts)",
      ),
  ).action((opts: { json: boolean; taskFile?: string; criteriaFile?: string }) =>
    set({
      command: "verdict",
      json: opts.json,
      taskFile: opts.taskFile,
      criteriaFile: opts.criteriaFile,
    }),
  );
}
