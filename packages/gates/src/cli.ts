import { realpathSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import type { GateStage, GatesMode, GatesStatus } from "@agent-verify/contract";
import { addAgentCommands, type AgentArgs } from "./cli-agent.js";
import { checkDeliverable } from "./deliverable.js";
import { stopAllGroups } from "./exec.js";
import { GatesError } from "./errors.js";
import { runGates, VERSION } from "./run.js";
import { GATE_STAGES } from "@agent-verify/contract/constants";
import { redact } from "@agent-verify/contract/redact";

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
    }
  | AgentArgs
  | { command: "deliverable"; file: string; minLines: number; json: boolean }
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
}

/** The seed's environment fallbacks, used when the flag is not given. */
export type GatesEnv = Partial<
  Record<"VERIFY_PROJECT_DIR" | "VERIFY_TASK_FILE" | "VERIFY_MODE" | "VERIFY_BASE_COMMIT", string>
>;

function runArgs(opts: RunOptions, env: GatesEnv): ParsedArgs {
  const usage = (message: string): ParsedArgs => ({ command: "usage-error", message });
  if (opts.regression !== undefined && opts.regression.trim() === "")
    return usage("--regression: the issue title is empty");
  if (opts.base !== undefined && opts.baseCommit !== undefined)
    return usage("--base and --base-commit name the same thing: give one");
  const mode = opts.mode ?? (env.VERIFY_MODE || undefined);
  if (mode !== undefined && mode !== "pre-commit" && mode !== "post-commit")
    return usage(`VERIFY_MODE: '${mode}' is not pre-commit or post-commit`);
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
    .option("--json", "print JSON", false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.push(text),
      writeErr: (text) => output.push(text),
    })
    .action((file: string, opts: { minLines: string; json: boolean }) => {
      const minLines = Number(opts.minLines);
      result.value =
        Number.isInteger(minLines) && minLines >= 0
          ? { command: "deliverable", file, minLines, json: opts.json }
          : {
              command: "usage-error",
              message: `--min-lines: expected a whole number, got '${opts.minLines}'`,
            };
    });
  return root;
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

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function criteriaFrom(file: string | undefined) {
  if (file === undefined) return undefined;
  const { parseCriteria } = await import("./task/criteria.js");
  const { readFile } = await import("node:fs/promises");
  const text =
    file === "-" ? await readStdin() : await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) throw new Error(`--criteria-file: ${file} not found or unreadable`);
  return parseCriteria(text);
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, process.env);
  if (args.command === "print") {
    process.stdout.write(args.text);
    return 0;
  }
  if (args.command === "usage-error") {
    process.stderr.write(`verify-gates: ${args.message}\n`);
    return EXIT_CODE.usage;
  }
  if (args.command === "deliverable") {
    const result = await checkDeliverable({ file: args.file, minLines: args.minLines });
    const text = result.findings.map(
      (f) => `${f.line === null ? f.file : `${f.file}:${f.line}`}: [${f.rule}] ${f.message}`,
    );
    process.stdout.write(
      args.json
        ? `${JSON.stringify(result, null, 2)}\n`
        : `deliverable ${args.file}: ${result.status.toUpperCase()}\n${text.map((t) => `- ${t}\n`).join("")}`,
    );
    return EXIT_CODE[result.status];
  }
  if (args.command !== "run") {
    const { runAgentCommand } = await import("./agent-main.js");
    try {
      return await runAgentCommand(args, {
        cwd: process.cwd(),
        env: process.env,
        readStdin,
        out: (text) => process.stdout.write(redact(text)),
        err: (text) => process.stderr.write(redact(text)),
      });
    } catch (error) {
      if (!(error instanceof GatesError)) throw error;
      process.stderr.write(redact(`verify-gates: ${error.message}\n`));
      return EXIT_CODE.error;
    }
  }
  let criteria;
  try {
    criteria = await criteriaFrom(args.criteriaFile);
  } catch (error) {
    process.stderr.write(`verify-gates: ${(error as Error).message}\n`);
    return EXIT_CODE.usage;
  }
  const { report, summary } = await runGates({
    ...(args.projectDir ? { cwd: args.projectDir } : {}),
    ...(args.taskFile ? { taskFile: args.taskFile } : {}),
    ...(criteria ? { criteria } : {}),
    ...(args.base ? { base: args.base } : {}),
    ...(args.mode ? { mode: args.mode } : {}),
    ...(args.only ? { only: args.only } : {}),
    ...(args.regression === undefined ? {} : { regression: args.regression }),
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(redact(args.json ? `${JSON.stringify(report, null, 2)}\n` : summary));
  return EXIT_CODE[report.status];
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    const real = realpathSync(script);
    return /[\\/](?:bin[\\/]verify-gates\.js|dist[\\/]cli\.js)$/.test(real);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // The commands gates runs live in their own process groups: take them down with us.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.once(signal, () => {
      stopAllGroups();
      process.stderr.write(`verify-gates: interrupted by ${signal}; its commands were stopped\n`);
      process.exit(EXIT_CODE.error);
    });
  }
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(redact(`verify-gates: internal error: ${message.split("\n")[0]}\n`));
      if (process.env.VERIFY_GATES_DEBUG && error instanceof Error)
        process.stderr.write(redact(`${error.stack}\n`));
      process.exitCode = EXIT_CODE.error;
    },
  );
}
