import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { MAX_JOBS, type Jobs } from "./run/jobs.js";
import {
  addReporterOption,
  addScaleOptions,
  scaleArgsOf,
  type ReporterSpec,
  type ScaleArgs,
} from "./run/run-args.js";

export type ParsedArgs =
  | { kind: "list"; dir: string; json: boolean }
  | {
      kind: "run";
      dir: string;
      flows: string[];
      tags: string[];
      all: boolean;
      jobs: Jobs;
      json: boolean;
      scale: ScaleArgs;
    }
  | { kind: "merge-reports"; files: string[]; json: boolean; reporters: ReporterSpec[] }
  | { kind: "show-report"; dir: string; host: string; port: number; open: boolean }
  | {
      kind: "issue";
      dir: string;
      id: string;
      dryRun: boolean;
      /** `--escalate <reason>`: no verification; the ticket goes to a human with the reason. */
      escalate?: string | undefined;
      jobs: Jobs;
      json: boolean;
      retryBudget: number | undefined;
    }
  | {
      kind: "issues";
      dir: string;
      /** Ticket ids and epics named on the command line; empty: bd's list selects. */
      ids: string[];
      dryRun: boolean;
      labels: string[];
      status: string;
      limit: number;
      restart: boolean;
      jobs: Jobs;
      json: boolean;
      retryBudget: number | undefined;
    }
  | { kind: "log"; dir: string; id: string; json: boolean }
  | { kind: "doctor"; dir: string; json: boolean }
  | { kind: "mcp"; dir: string }
  | { kind: "help"; text: string; isError: boolean }
  | { kind: "usage_error"; message: string };

function parseJobs(value: string): Jobs {
  if (value === "auto") return "auto";
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > MAX_JOBS) {
    throw new InvalidArgumentError(`expected auto or a whole number from 1 to ${MAX_JOBS}`);
  }
  return jobs;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return n;
  };
}

const STATUS = /^[a-z_]+(,[a-z_]+)*$/;

function parseStatus(value: string): string {
  if (!STATUS.test(value)) {
    throw new InvalidArgumentError(
      "expected a bd status (open, in_progress, ...), a comma list, or all",
    );
  }
  return value;
}

function program(emit: (parsed: ParsedArgs) => void, out: { text: string }): Command {
  const root = new Command("verify-manager")
    .description("Run verification flows under supervision and verify bd issues with them.")
    .exitOverride()
    .showHelpAfterError(false)
    .configureOutput({ writeOut: (s) => (out.text += s), writeErr: (s) => (out.text += s) });
  const dirOption = () =>
    new Option("--dir <dir>", "project folder holding .verify/workflows.yaml").default(".");
  const jobsOption = () =>
    new Option("--jobs <n>", "flows run in parallel (auto: from cores and free memory)")
      .argParser(parseJobs)
      .default("auto");
  const sub = (name: string) =>
    root
      .command(name)
      .exitOverride()
      .configureOutput({ writeOut: (s) => (out.text += s), writeErr: (s) => (out.text += s) });

  sub("list")
    .description("list the flows the runner declares")
    .addOption(dirOption())
    .option("--json", "print the runner's list as JSON", false)
    .action((opts: { dir: string; json: boolean }) =>
      emit({ kind: "list", dir: opts.dir, json: opts.json }),
    );
  addScaleOptions(
    sub("run")
      .description("run flows, each in its own process group with a hard timeout")
      .argument("[flows...]", "flow names")
      .addOption(dirOption())
      .option("--tag <tags>", "select flows by tag (a,b = both; repeat for either)", collect, [])
      .option("--all", "run every listed flow", false)
      .addOption(jobsOption())
      .option("--json", "print one JSON report on stdout", false),
  ).action(
    (
      flows: string[],
      opts: { dir: string; tag: string[]; all: boolean; jobs: Jobs; json: boolean } & Parameters<
        typeof scaleArgsOf
      >[0],
    ) =>
      emit({
        kind: "run",
        dir: opts.dir,
        flows,
        tags: opts.tag,
        all: opts.all,
        jobs: opts.jobs,
        json: opts.json,
        scale: scaleArgsOf(opts),
      }),
  );
  addReporterOption(
    sub("merge-reports")
      .description("join the --json reports of a sharded run into one report (JSON on stdout)")
      .argument("<reports...>", "report files")
      .option("--json", "accepted for symmetry with run: the output is always JSON", false),
  ).action((files: string[], opts: { json: boolean; reporter: ReporterSpec[] }) =>
    emit({ kind: "merge-reports", files, json: opts.json, reporters: opts.reporter }),
  );
  sub("show-report")
    .description(
      "serve an HTML report on http://127.0.0.1 with Playwright's trace viewer (Ctrl+C stops it)",
    )
    .argument("[dir]", "the report folder (--reporter html=DIR)", "flows-report")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .addOption(
      new Option("--port <port>", "port to listen on (0: any free port)")
        .default(9323)
        .argParser(wholeNumber(0, 65535)),
    )
    .option("--no-open", "do not open a browser (none is opened without a display anyway)")
    .action((dir: string, opts: { host: string; port: number; open: boolean }) =>
      emit({ kind: "show-report", dir, host: opts.host, port: opts.port, open: opts.open }),
    );
  const budgetOption = () =>
    new Option(
      "--retry-budget <n>",
      "counted failures before escalating (default: manifest, 3)",
    ).argParser(wholeNumber(1, 100));
  sub("issue")
    .description(
      "verify a ticket (gates, flows, acceptance criteria), then close it, send it back or escalate",
    )
    .argument("<id>", "bd issue id")
    .addOption(dirOption())
    .option("--dry-run", "print what would be posted or closed; change nothing", false)
    .addOption(jobsOption())
    .addOption(budgetOption())
    .option(
      "--escalate <reason>",
      "verify nothing: record the ticket as not verified and send it to a human with the reason",
    )
    .option("--json", "print the verification as JSON", false)
    .action(
      (
        id: string,
        opts: {
          dir: string;
          dryRun: boolean;
          jobs: Jobs;
          json: boolean;
          retryBudget?: number;
          escalate?: string;
        },
      ) =>
        emit({
          kind: "issue",
          dir: opts.dir,
          id,
          dryRun: opts.dryRun,
          ...(opts.escalate !== undefined ? { escalate: opts.escalate } : {}),
          jobs: opts.jobs,
          json: opts.json,
          retryBudget: opts.retryBudget,
        }),
    );
  sub("issues")
    .description(
      "verify the named tickets (an epic: its open children) or the ones bd lists, one by one; resumes where a killed run stopped",
    )
    .argument("[ids...]", "bd issue ids or epics (default: the tickets bd lists)")
    .addOption(dirOption())
    .option(
      "--dry-run",
      "print the plan (tickets, order, flows, gates); run and change nothing",
      false,
    )
    .option("--label <label>", "only tickets with this label (repeat: all of them)", collect, [])
    .option(
      "--status <status>",
      "bd status to select (comma list, or all)",
      parseStatus,
      "open,in_progress",
    )
    .option("--limit <n>", "at most this many tickets (0 = all)", wholeNumber(0, 100000), 0)
    .option("--restart", "start a new batch even if .verify/loop-status.json exists", false)
    .addOption(jobsOption())
    .addOption(budgetOption())
    .option("--json", "print the loop status (or the --dry-run plan) as JSON", false)
    .action(
      (
        ids: string[],
        opts: {
          dir: string;
          dryRun: boolean;
          label: string[];
          status: string;
          limit: number;
          restart: boolean;
          jobs: Jobs;
          json: boolean;
          retryBudget?: number;
        },
      ) =>
        emit({
          kind: "issues",
          dir: opts.dir,
          ids,
          dryRun: opts.dryRun,
          labels: opts.label,
          status: opts.status,
          limit: opts.limit,
          restart: opts.restart,
          jobs: opts.jobs,
          json: opts.json,
          retryBudget: opts.retryBudget,
        }),
    );
  sub("log")
    .description("print a ticket's verification history from .verify/log.jsonl")
    .argument("<id>", "bd issue id")
    .addOption(dirOption())
    .option("--json", "print the log entries as JSON", false)
    .action((id: string, opts: { dir: string; json: boolean }) =>
      emit({ kind: "log", dir: opts.dir, id, json: opts.json }),
    );
  sub("doctor")
    .description("check the manifest, runner, browser, base_url and bd")
    .addOption(dirOption())
    .option("--json", "print the checks as JSON", false)
    .action((opts: { dir: string; json: boolean }) =>
      emit({ kind: "doctor", dir: opts.dir, json: opts.json }),
    );
  sub("mcp")
    .description(
      "serve the CLI as MCP tools over stdio (flows, tickets, batch plan, gates, deliverable, doctor)",
    )
    .addOption(dirOption())
    .action((opts: { dir: string }) => emit({ kind: "mcp", dir: opts.dir }));
  return root;
}

/** Pure: argv (without node and script) → what to do. Never exits, never prints. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let parsed: ParsedArgs | undefined;
  const out = { text: "" };
  const root = program((value) => (parsed = value), out);
  try {
    root.parse([...argv], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version") {
      return { kind: "help", text: out.text, isError: false };
    }
    if (error.code === "commander.help") return { kind: "help", text: out.text, isError: true };
    return { kind: "usage_error", message: error.message.replace(/^error: /, "") };
  }
  const result = parsed as ParsedArgs | undefined;
  if (result === undefined) return { kind: "help", text: root.helpInformation(), isError: true };
  if (
    result.kind === "run" &&
    result.flows.length === 0 &&
    result.tags.length === 0 &&
    !result.all
  ) {
    return { kind: "usage_error", message: "run needs flow names, --tag or --all" };
  }
  if (result.kind === "issues" && result.ids.length > 0 && result.labels.length > 0) {
    return { kind: "usage_error", message: "issues takes ticket ids or --label, not both" };
  }
  return result;
}
