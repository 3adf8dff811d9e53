import { isAbsolute, join } from "node:path";
import { TicketsConfigSchema, type Manifest } from "@agent-verify/contract";
import { hasGatesConfig } from "../ticket/collect/gates-command.js";
import { LoopFileError, readLoopStatus } from "../ticket/batch/loop-status-file.js";
import { formatLogProblems, LOG_FILE, readLog } from "../ticket/record/verify-log.js";
import { signingKey } from "../ticket/trust/key.js";
import type { Check } from "./doctor.js";
import { isExecutable, onPath } from "./executables.js";

/** Where the command's program is, when it can be found without running it. */
function findProgram(command: string, dir: string, env: NodeJS.ProcessEnv): string | null {
  const program = command.trim().split(/\s+/)[0] ?? "";
  if (program.includes("/")) {
    const path = isAbsolute(program) ? program : join(dir, program);
    return isExecutable(path) ? path : null;
  }
  return onPath(program, env) ?? null;
}

function gatesCheck(dir: string, manifest: Manifest | undefined, env: NodeJS.ProcessEnv): Check {
  const config = manifest?.tickets ?? TicketsConfigSchema.parse({});
  const automatic =
    config.run_gates === "always" || (config.run_gates === "auto" && hasGatesConfig(dir));
  if (!automatic) {
    return {
      name: "gates",
      status: "ok",
      detail: "run only for tickets whose Verify: section lists gates",
      hint: null,
    };
  }
  const found = findProgram(config.gates_command, dir, env);
  return found
    ? { name: "gates", status: "ok", detail: `${config.gates_command} (${found})`, hint: null }
    : {
        name: "gates",
        status: "fail",
        detail: `gates_command '${config.gates_command}' not found`,
        hint: "install @agent-verify/gates, or set tickets.gates_command in .verify/workflows.yaml",
      };
}

function logCheck(dir: string, env: NodeJS.ProcessEnv): Check {
  const log = readLog(dir, { key: signingKey({ env, dir, create: false }) });
  const problems = formatLogProblems(LOG_FILE, log.problems);
  if (problems.length > 0) {
    return {
      name: "verify log",
      status: "warn",
      detail: `${log.entries.length} attempts; ${problems.length} unreadable lines, ignored (first: ${problems[0]})`,
      hint: "a torn last line is what a kill mid-write leaves; later attempts are unaffected",
    };
  }
  const tickets = new Set(log.entries.map((entry) => entry.ticket)).size;
  return {
    name: "verify log",
    status: "ok",
    detail: `${log.entries.length} attempts of ${tickets} tickets in ${LOG_FILE}`,
    hint: null,
  };
}

function statusCheck(dir: string, env: NodeJS.ProcessEnv): Check {
  try {
    const status = readLoopStatus(dir, { key: signingKey({ env, dir, create: false }) });
    const detail =
      status === null
        ? "no batch yet"
        : `batch ${status.state}${status.halt_reason ? ` (${status.halt_reason})` : ""}, ${status.tickets.length} tickets`;
    return { name: "loop status", status: "ok", detail, hint: null };
  } catch (error) {
    if (!(error instanceof LoopFileError)) throw error;
    return {
      name: "loop status",
      status: "fail",
      detail: error.message,
      hint: "fix or delete it, or start a new batch with verify-manager issues --restart",
    };
  }
}

/** What `verify-manager issue` / `issues` need beyond flows: the gates command, the log, the status file. */
export function loopChecks(
  dir: string,
  manifest: Manifest | undefined,
  env: NodeJS.ProcessEnv,
): Check[] {
  return [gatesCheck(dir, manifest, env), logCheck(dir, env), statusCheck(dir, env)];
}
