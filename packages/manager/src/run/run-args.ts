import { InvalidArgumentError, type Command } from "commander";
import { TRACE_POLICIES, isTracePolicy, type TracePolicy } from "@agent-verify/contract/constants";
import { compileGrep } from "./grep.js";
import { parseShard, type Shard } from "./shard.js";

export type ReporterKind = "junit" | "html" | "json";

/** `--reporter kind=PATH`: a JUnit XML file, an HTML folder, or the JSON report as a file. */
export interface ReporterSpec {
  kind: ReporterKind;
  path: string;
}

/** The `run` options for CI and scale: sharding, grep, reporters. */
export interface ScaleArgs {
  shard: Shard | undefined;
  durations: string | undefined;
  grep: string | undefined;
  grepInvert: string | undefined;
  reporters: ReporterSpec[];
  /** `--trace`; absent: the manifest's, else on-first-retry. */
  trace: TracePolicy | undefined;
}

function traceArg(value: string): TracePolicy {
  if (!isTracePolicy(value))
    throw new InvalidArgumentError(`expected ${TRACE_POLICIES.join(", ")}`);
  return value;
}

function shardArg(value: string): Shard {
  const shard = parseShard(value);
  if (!shard) throw new InvalidArgumentError("expected i/n with 1 ≤ i ≤ n (e.g. 2/3)");
  return shard;
}

function grepArg(value: string): string {
  if (compileGrep(value) === null) throw new InvalidArgumentError("not a valid regular expression");
  return value;
}

const REPORTER = /^(junit|html|json)=(.+)$/;

function reporterArg(value: string, previous: ReporterSpec[]): ReporterSpec[] {
  const match = REPORTER.exec(value);
  if (!match) throw new InvalidArgumentError("expected junit=FILE, html=DIR or json=FILE");
  return [...previous, { kind: match[1] as ReporterKind, path: match[2] as string }];
}

export function addReporterOption(command: Command): Command {
  return command.option(
    "--reporter <kind=path>",
    "also write junit=FILE (JUnit XML), html=DIR (one page) or json=FILE; repeatable",
    reporterArg,
    [],
  );
}

export function addScaleOptions(command: Command): Command {
  return addReporterOption(
    command
      .option("--shard <i/n>", "run only the i-th of n parts of the selection", shardArg)
      .option("--durations <report.json>", "balance --shard by the durations in an earlier report")
      .option("--grep <pattern>", "only flows whose name or description matches", grepArg)
      .option("--grep-invert <pattern>", "skip flows whose name or description matches", grepArg)
      .option(
        "--trace <policy>",
        "when a trace is recorded: off, on, retain-on-failure, on-first-retry (default: the manifest's trace, else on-first-retry: a failing flow runs once more with the trace on)",
        traceArg,
      ),
  );
}

export function scaleArgsOf(opts: {
  shard?: Shard;
  durations?: string;
  grep?: string;
  grepInvert?: string;
  reporter: ReporterSpec[];
  trace?: TracePolicy;
}): ScaleArgs {
  return {
    shard: opts.shard,
    durations: opts.durations,
    grep: opts.grep,
    grepInvert: opts.grepInvert,
    reporters: opts.reporter,
    trace: opts.trace,
  };
}
