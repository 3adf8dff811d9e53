import { realpathSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import type { GateStage, GatesMode, GatesStatus } from "@agent-verify/contract";
import { checkDeliverable } from "./deliverable.js";
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
    }
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
  mode?: GatesMode;
  json: boolean;
  only?: GateStage[];
  regression?: string;
}

function program(result: { value?: ParsedArgs }, output: string[]): Command {
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
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.push(text),
      writeErr: (text) => output.push(text),
    })
    .action((opts: RunOptions) => {
      result.value =
        opts.regression !== undefined && opts.regression.trim() === ""
          ? { command: "usage-error", message: "--regression: the issue title is empty" }
          : {
              command: "run",
              base: opts.base,
              mode: opts.mode,
              json: opts.json,
              only: opts.only,
              regression: opts.regression?.trim(),
            };
    });
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

/** Pure: argv (without node and script) → what to do. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const result: { value?: ParsedArgs } = {};
  const output: string[] = [];
  try {
    program(result, output).parse([...argv], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return { command: "print", text: output.join("") };
    return { command: "usage-error", message: error.message.replace(/^error: /, "") };
  }
  return result.value ?? { command: "usage-error", message: "nothing to do" };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
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
  const { report, summary } = await runGates({
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
