import type { Tool } from "./run-tool.js";

export type Parsed =
  | { kind: "tool"; tool: Tool; args: string[] }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

const TOOLS: readonly Tool[] = ["runner", "manager", "gates"];

export function usage(): string {
  return [
    "Usage: agent-verify init [init options]     set up .verify/ (verify-runner init)",
    "       agent-verify runner <args...>        verify-runner <args...>",
    "       agent-verify manager <args...>       verify-manager <args...>",
    "       agent-verify gates <args...>         verify-gates <args...>",
    "       agent-verify --version | --help",
    "",
    "The three tools are also installed as their own bins: verify-runner, verify-manager,",
    "verify-gates. `agent-verify init --help` lists init's options.",
    "",
  ].join("\n");
}

/** Pure argv → what to run. */
export function parseArgs(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined || first === "-h" || first === "--help" || first === "help")
    return { kind: "help" };
  if (first === "-v" || first === "--version") return { kind: "version" };
  if (first === "init") return { kind: "tool", tool: "runner", args: ["init", ...rest] };
  if ((TOOLS as readonly string[]).includes(first))
    return { kind: "tool", tool: first as Tool, args: rest };
  return {
    kind: "invalid",
    message: `unknown command '${first}' (expected init, runner, manager or gates)`,
  };
}
