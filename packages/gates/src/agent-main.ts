import { readFile } from "node:fs/promises";
import type { AgentLoop, Criterion } from "@agent-verify/contract";
import type { AgentArgs } from "./cli-agent.js";
import { GatesError, GatesErrorCode } from "./errors.js";
import { dialectOf } from "./agents/index.js";
import type { AgentsInstallResult } from "./loop/install-agents.js";
import { escalateLoop, loopStatus, startLoop, stopLoop } from "./loop/commands.js";
import { runHook } from "./loop/hook.js";
import { installHook } from "./loop/install.js";
import { parseCriteria } from "./task/criteria.js";
import { loadTask } from "./task/load-task.js";
import { aggregateVerdicts } from "./verdict/aggregate.js";
import { verdictsFromText, verdictsFromValue, type ParsedVerdicts } from "./verdict/parse.js";

export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin: () => Promise<string>;
  out: (text: string) => void;
  err: (text: string) => void;
  /** A yes/no question to the person at the terminal; absent when there is none (no TTY). */
  confirm?: (question: string) => Promise<boolean>;
}

/** The verdicts on stdin: a JSON list (objects, raw judge outputs as strings, null for a missing one) or one verdict; other text is searched for blocks. */
async function stdinVerdicts(text: string): Promise<ParsedVerdicts> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return verdictsFromText(text, "stdin");
  }
  const list =
    Array.isArray(json) && !json.every((v) => typeof v === "object" && v !== null && "id" in v)
      ? json
      : [json];
  const out: ParsedVerdicts = { verdicts: [], problems: [] };
  for (const [i, value] of list.entries()) {
    const one = await verdictsFromValue(value, `stdin[${i}]`);
    out.verdicts.push(...one.verdicts);
    out.problems.push(...one.problems);
  }
  return out;
}

async function readCriteriaFile(path: string): Promise<Criterion[]> {
  try {
    return parseCriteria(await readFile(path, "utf8"));
  } catch {
    throw new GatesError(
      GatesErrorCode.TaskInvalid,
      `criteria file ${path}: not found or unreadable`,
    );
  }
}

async function verdict(args: Extract<AgentArgs, { command: "verdict" }>, io: Io): Promise<number> {
  const task = args.taskFile ? (await loadTask(args.taskFile, io.cwd)).task : undefined;
  const expected = args.criteriaFile ? await readCriteriaFile(args.criteriaFile) : task?.criteria;
  const result = aggregateVerdicts(await stdinVerdicts(await io.readStdin()), {
    ...(expected ? { expected } : {}),
    ...(task ? { taskId: task.id } : {}),
  });
  if (args.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const lines: string[] = [result.decision];
    for (const c of result.criteria)
      lines.push(`- ${c.id} ${c.status}${c.evidence ? `: ${c.evidence}` : ""}`);
    for (const p of result.problems) lines.push(`problem: ${p}`);
    for (const f of result.fix_forward) lines.push(`next: ${f}`);
    io.out(`${lines.join("\n")}\n`);
  }
  return result.decision === "PASS" ? 0 : 1;
}

function endOf(loop: AgentLoop): string {
  const state = loop.state ?? "active";
  if (state === "active") return "";
  const cap = state === "capped" ? ` (${loop.capped_by ?? "cap"})` : "";
  const by = loop.ended_by ? ` by the ${loop.ended_by}` : "";
  const why = loop.end_reason ? `: ${loop.end_reason}` : "";
  return `, ended ${state}${cap}${by}${why}`;
}

function describeLoop(loop: AgentLoop): string {
  const agent = loop.agent_id ? `, subagent ${loop.agent_id}` : "";
  const last = loop.last_status ? `, last gates ${loop.last_status}` : "";
  return `loop: session ${loop.session_id}${agent}, iteration ${loop.iteration} of ${loop.max_iterations}${last}${endOf(loop)}\n`;
}

/** `loop install --agent …`: one line per file written, and how each agent arms the loop. */
function printAgentsInstall(result: AgentsInstallResult, io: Io): void {
  const said = {
    written: "written",
    unchanged: "already there, nothing changed",
    "kept-yours": "a file of yours is there, left unchanged",
  };
  if (result.claude)
    io.out(
      result.claude.added.length > 0
        ? `${result.claude.settings}: added the verify-gates hook to ${result.claude.added.join(", ")}\n`
        : `${result.claude.settings}: the verify-gates hook is already there, nothing changed\n`,
    );
  if (result.claude)
    io.out(`${result.claude.slashCommand.path}: ${said[result.claude.slashCommand.state]}\n`);
  for (const agent of result.agents) {
    const guard =
      agent.agent === "claude" ? " (the pre-edit guard on Edit|Write|MultiEdit|NotebookEdit)" : "";
    io.out(`${agent.hooks.path}: ${agent.agent}: ${said[agent.hooks.state]}${guard}\n`);
    if (agent.arming) io.out(`${agent.arming.path}: ${said[agent.arming.state]}\n`);
    io.out(`${agent.agent}: ${agent.arm}\n`);
  }
  io.out(
    `the hooks run ${result.installed.bin} (${Object.keys(result.installed.files).length} files of its package recorded; a change to any blocks the hook)\n`,
  );
}

/** Run one agent-loop subcommand; returns the exit code. GatesErrors are the caller's to print. */
export async function runAgentCommand(
  args: Exclude<AgentArgs, { command: "usage-error" }>,
  io: Io,
): Promise<number> {
  switch (args.command) {
    case "loop-start": {
      const { loop, previous, sessionFrom, rearmed } = await startLoop({
        cwd: io.cwd,
        env: io.env,
        ...(args.session ? { session: args.session } : {}),
        ...(args.maxIterations ? { maxIterations: args.maxIterations } : {}),
        ...(args.base ? { base: args.base } : {}),
        ...(args.taskFile ? { taskFile: args.taskFile } : {}),
        ...(args.ticket ? { ticket: args.ticket } : {}),
      });
      if (rearmed) {
        const cap =
          loop.max_iterations > rearmed.capBefore
            ? `its cap raised to ${loop.max_iterations}`
            : `its cap of ${loop.max_iterations} kept${rearmed.askedFor !== undefined && rearmed.askedFor < loop.max_iterations ? ` (a re-arm never lowers it: --max-iterations ${rearmed.askedFor} ignored)` : ""}`;
        io.out(
          `loop already armed: session ${loop.session_id} goes on at iteration ${loop.iteration}, ${cap}; its oracle, base and task are the ones it was armed with\n`,
        );
        return 0;
      }
      if (previous)
        io.err(
          `verify-gates: session ${loop.session_id}'s previous loop (iteration ${previous.iteration} of ${previous.max_iterations})${endOf(previous)}\n`,
        );
      const from =
        sessionFrom === "recorded" ? " (its /verify-loop prompt, recorded by the hook)" : "";
      io.out(
        `loop started: session ${loop.session_id}${from}, up to ${loop.max_iterations} blocked stops, oracle ${loop.oracle_snapshot ?? "none"}\n`,
      );
      return 0;
    }
    case "loop-stop": {
      const ended = await stopLoop({
        cwd: io.cwd,
        env: io.env,
        session: args.session,
        ...(io.confirm ? { confirm: io.confirm } : {}),
      });
      io.out(
        ended
          ? `loop stopped: session ${ended.session_id} disarmed by the ${ended.ended_by ?? "user"}, recorded as not verified\n`
          : "no active loop to stop\n",
      );
      return 0;
    }
    case "loop-escalate": {
      const ended = await escalateLoop({
        cwd: io.cwd,
        env: io.env,
        session: args.session,
        reason: args.reason,
      });
      io.out(
        `loop escalated: session ${ended.session_id} ended needs_human (not verified): ${ended.end_reason ?? ""}\nthe next stop is allowed; a person decides whether the test or the task is wrong\n`,
      );
      return 0;
    }
    case "loop-status": {
      const loops = await loopStatus(io.cwd, io.env, args.session);
      if (args.json)
        io.out(
          `${JSON.stringify(args.session === undefined ? loops : (loops[0] ?? null), null, 2)}\n`,
        );
      else io.out(loops.length > 0 ? loops.map(describeLoop).join("") : "no loop\n");
      return 0;
    }
    case "loop-install": {
      if (args.agents.length > 0) {
        const { installAgents } = await import("./loop/install-agents.js");
        printAgentsInstall(
          await installAgents({
            cwd: io.cwd,
            env: io.env,
            agents: args.agents,
            ...(args.settings ? { settings: args.settings } : {}),
            ...(args.hookCommand ? { command: args.hookCommand } : {}),
            ...(args.timeoutS ? { timeoutS: args.timeoutS } : {}),
          }),
          io,
        );
        return 0;
      }
      const result = await installHook({
        cwd: io.cwd,
        env: io.env,
        ...(args.settings ? { settings: args.settings } : {}),
        ...(args.hookCommand ? { command: args.hookCommand } : {}),
        ...(args.timeoutS ? { timeoutS: args.timeoutS } : {}),
      });
      io.out(
        result.added.length > 0
          ? `${result.settings}: added the verify-gates hook to ${result.added.join(", ")}\n`
          : `${result.settings}: the verify-gates hook is already there, nothing changed\n`,
      );
      const slash = {
        written: "written: type /verify-loop to arm the loop",
        unchanged: "already there",
        "kept-yours": "a file of yours is there, left unchanged",
      }[result.slashCommand.state];
      io.out(`${result.slashCommand.path}: ${slash}\n`);
      io.out(
        `the hook runs ${result.installed.bin} (${Object.keys(result.installed.files).length} files of its package recorded; a change to any blocks the hook)\n`,
      );
      const { configuredAgents } = await import("./loop/install-agents.js");
      const { repoRoot } = await import("./git.js");
      const others = (await configuredAgents(await repoRoot(io.cwd))).filter(
        (agent) => agent !== "claude",
      );
      if (others.length > 0)
        io.out(
          `also configured here: ${others.join(", ")} (verify-gates loop install --agent ${others.join(",")} gates them too)\n`,
        );
      return 0;
    }
    case "hook": {
      const result = await runHook({
        input: await io.readStdin(),
        format: args.format,
        agent: dialectOf(args.agent ?? "claude"),
        env: io.env,
        cwd: io.cwd,
        gates: async (dir, loop) => {
          // Loaded only when a loop is armed: most stops end before this.
          const { runGates } = await import("./run.js");
          const { report, summary } = await runGates({
            cwd: dir,
            env: io.env,
            // The loop blocks at the first red stage anyway: the rest would only cost the agent time.
            stopAtFirstRed: true,
            // A stop runs the tests the change can affect; anything the oracle holds widens it.
            testScope: "related",
            // The merge base loop start fixed (a loop armed before kept only the ref).
            ...(loop.base_commit
              ? { base: loop.base_commit }
              : loop.base
                ? { base: loop.base }
                : {}),
            ...(loop.task_file ? { taskFile: loop.task_file } : {}),
            ...(loop.task_snapshot ? { taskSnapshot: loop.task_snapshot } : {}),
            ...(loop.oracle_snapshot ? { oracleSnapshot: loop.oracle_snapshot } : {}),
            ...(loop.tools_snapshot ? { toolsSnapshot: loop.tools_snapshot } : {}),
            onProgress: (line) => io.err(`${line}\n`),
          });
          return {
            exitCode: report.exit_code,
            status: report.status,
            summary,
            ...(report.unchecked ? { unchecked: report.unchecked.files } : {}),
          };
        },
      });
      if (result.stdout) io.out(result.stdout);
      if (result.stderr) io.err(result.stderr);
      return result.exitCode;
    }
    case "verdict":
      return verdict(args, io);
  }
}
