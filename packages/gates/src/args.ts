// verify-gates' argv → what to do (pure; commander does the parsing).
import { Command, CommanderError, Option } from "commander";
import type { DeliverableKind, GateStage, GatesMode, GatesStatus } from "@agent-verify/contract";
import { addAgentCommands, type AgentArgs } from "./cli-agent.js";
import { parseProgressTarget, type ProgressTarget } from "./stage-events.js";
import { VERSION } from "./version.js";
import { GATE_STAGES } from "@agent-verify/contract/constants";

export type ParsedArgs =
  | {
      command: "run";
      base: string | undefined;
      mode: GatesMode | undefined;
      json: boolean;
      only: GateStage[] | undefined;
      regression: string | undefined;
      taskFile: string | undefined;
      projectDir: string | undefined;
      criteriaFile: string | undefined;
      /** Held-out test folders outside the working tree (`--held-out`, repeatable). */
      heldOut: string[] | undefined;
      /** `--oracle REF`: the tests and tool configs the change is judged against. */
      oracle: string | undefined;
      /** `--test-scope related`: the tests that import a changed module (default: the whole suite). */
      testScope: "related" | "full" | undefined;
      /** Stage events as JSON lines (`--progress jsonl`, VERIFY_GATES_PROGRESS). */
      progress: ProgressTarget | undefined;
    }
  | AgentArgs
  | {
      command: "deliverable";
      file: string;
      minLines: number;
      json: boolean;
      /** Absent: the kind the document's structure shows. */
      kind: DeliverableKind | undefined;
      descriptionFile: string | undefined;
    }
  | { command: "print"; text: string }
  | { command: "usage-error"; message: string };

/** Exit codes, decided here and nowhere else. */
export const EXIT_CODE: Record<GatesStatus | "usage", number> = {
  pass: 0,
  fail: 1,
  needs_human: 1,
  error: 2,
  usage: 2,
};

const STAGE_ALIASES: Record<string, GateStage> = { test: "tests", git_clean: "git-clean" };

function parseOnly(value: string): GateStage[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const stage = STAGE_ALIASES[part] ?? part;
      if (!(GATE_STAGES as readonly string[]).includes(stage)) {
        throw new CommanderError(
          2,
          "usage",
          `--only: unknown stage '${part}' (stages: ${GATE_STAGES.join(", ")})`,
        );
      }
      return stage as GateStage;
    });
}

interface RunOptions {
  base?: string;
  baseCommit?: string;
  mode?: GatesMode;
  json: boolean;
  only?: GateStage[];
  regression?: string;
  taskFile?: string;
  projectDir?: string;
  criteriaFile?: string;
  oracle?: string;
  testScope?: "related" | "full";
  progress?: string;
  heldOut?: string[];
}

/** The seed's environment fallbacks, used when the flag is not given. */
export type GatesEnv = Partial<
  Record<
    | "VERIFY_PROJECT_DIR"
    | "VERIFY_TASK_FILE"
    | "VERIFY_MODE"
    | "VERIFY_BASE_COMMIT"
    | "VERIFY_GATES_PROGRESS",
    string
  >
>;

function runArgs(opts: RunOptions, env: GatesEnv): ParsedArgs {
  const usage = (message: string): ParsedArgs => ({ command: "usage-error", message });
  if (opts.regression !== undefined && opts.regression.trim() === "")
    return usage("--regression: the issue title is empty");
  if (opts.oracle !== undefined && opts.oracle.trim() === "")
    return usage("--oracle: the ref is empty");
  if (opts.base !== undefined && opts.baseCommit !== undefined)
    return usage("--base and --base-commit name the same thing: give one");
  const mode = opts.mode ?? (env.VERIFY_MODE || undefined);
  if (mode !== undefined && mode !== "pre-commit" && mode !== "post-commit")
    return usage(`VERIFY_MODE: '${mode}' is not pre-commit or post-commit`);
  const progressValue = opts.progress ?? (env.VERIFY_GATES_PROGRESS || undefined);
  const progress = progressValue === undefined ? undefined : parseProgressTarget(progressValue);
  if (typeof progress === "string")
    return usage(
      `${opts.progress === undefined ? "VERIFY_GATES_PROGRESS" : "--progress"}: ${progress}`,
    );
  return {
    command: "run",
    base: opts.base ?? opts.baseCommit ?? (env.VERIFY_BASE_COMMIT || undefined),
    mode,
    json: opts.json,
    only: opts.only,
    regression: opts.regression?.trim(),
    taskFile: opts.taskFile ?? (env.VERIFY_TASK_FILE || undefined),
    projectDir: opts.projectDir ?? (env.VERIFY_PROJECT_DIR || undefined),
    criteriaFile: opts.criteriaFile,
    heldOut: opts.heldOut,
    oracle: opts.oracle?.trim(),
    testScope: opts.testScope,
    progress,
  };
}

function program(result: { value?: ParsedArgs }, output: string[], env: GatesEnv): Command {
  const root = new Command("verify-gates")
    .description(
      "Verify a code change: exit 0 clean (stamp written), 1 a gate failed, 2 the setup is broken",
    )
    .version(VERSION)
    .option(
      "--base <ref>",
      "base ref to compare against (BASE=<ref> and .verify/gates.yaml otherwise)",
    )
    .addOption(
      new Option("--mode <mode>", "pre-commit or post-commit").choices([
        "pre-commit",
        "post-commit",
      ]),
    )
    .option("--json", "print the JSON report instead of the summary", false)
    .option("--only <stages>", "run only these stages, comma-separated", parseOnly)
    .option(
      "--regression <title>",
      "a bug fix: require a new test whose name or body mentions a word of this issue title",
    )
    .option(
      "--task-file <file>",
      "task file: ## FILES sets the scope, ESTIMATED_DIFF the budget (VERIFY_TASK_FILE)",
    )
    .option("--project-dir <dir>", "the repository to verify (VERIFY_PROJECT_DIR; default: here)")
    .option("--base-commit <sha>", "the same as --base (VERIFY_BASE_COMMIT)")
    .option(
      "--criteria-file <file>",
      "acceptance criteria for the judge, one per bullet or line; '-' reads stdin",
    )
    .option(
      "--oracle <ref>",
      "judge the change against the tests and tool configs of this ref (default: the merge base; a loop's snapshot wins)",
    )
    .addOption(
      new Option(
        "--test-scope <scope>",
        "related: only the tests that import a changed module, unless the change widens it (the Stop hook's run); full: the whole suite (default)",
      ).choices(["related", "full"]),
    )
    .option(
      "--progress <format>",
      "stage events as JSON lines: jsonl (stderr) or jsonl:/abs/file (VERIFY_GATES_PROGRESS)",
    )
    .option(
      "--held-out <dir>",
      "held-out tests outside the working tree, run after the oracle's tests pass (repeatable)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.push(text),
      writeErr: (text) => output.push(text),
    })
    .action((opts: RunOptions) => {
      result.value = runArgs(opts, env);
    });
  const configure = (command: Command) =>
    command.exitOverride().configureOutput({
      writeOut: (text) => output.push(text),
      writeErr: (text) => output.push(text),
    });
  addAgentCommands(root, (args) => (result.value = args), configure);
  root
    .command("deliverable <file>")
    .description(
      "check a markdown deliverable: length, headings, and that every path:line citation is real",
    )
    .option("--min-lines <n>", "minimum non-empty lines", "10")
    .option(
      "--kind <kind>",
      "the rubric's structure check: discovery, design or doc (default: the kind the document's structure shows)",
    )
    .option(
      "--description-file <file>",
      "the ticket's description: when it is vague, the document must state its assumptions",
    )
    .option("--json", "print JSON", false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.push(text),
      writeErr: (text) => output.push(text),
    })
    .action((file: string, opts: DeliverableOptions) => {
      result.value = deliverableArgs(file, opts);
    });
  return root;
}

// Typed against the contract's kinds; the contract's index (zod) stays off the start-up path.
const DELIVERABLE_KINDS: readonly DeliverableKind[] = ["discovery", "design", "doc"];

interface DeliverableOptions {
  minLines: string;
  kind?: string;
  descriptionFile?: string;
  json: boolean;
}

function deliverableArgs(file: string, opts: DeliverableOptions): ParsedArgs {
  const minLines = Number(opts.minLines);
  if (!Number.isInteger(minLines) || minLines < 0)
    return {
      command: "usage-error",
      message: `--min-lines: expected a whole number, got '${opts.minLines}'`,
    };
  const kind = DELIVERABLE_KINDS.find((k) => k === opts.kind);
  if (opts.kind !== undefined && kind === undefined)
    return {
      command: "usage-error",
      message: `--kind: expected discovery, design or doc, got '${opts.kind}'`,
    };
  return {
    command: "deliverable",
    file,
    minLines,
    json: opts.json,
    kind,
    descriptionFile: opts.descriptionFile,
  };
}

/** Pure: argv (without node and script) and the fallback variables → what to do. */
export function parseArgs(argv: readonly string[], env: GatesEnv = {}): ParsedArgs {
  const result: { value?: ParsedArgs } = {};
  const output: string[] = [];
  try {
    program(result, output, env).parse([...argv], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return { command: "print", text: output.join("") };
    return { command: "usage-error", message: error.message.replace(/^error: /, "") };
  }
  return result.value ?? { command: "usage-error", message: "nothing to do" };
}
