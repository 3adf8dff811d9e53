import type { FlowOutcome, Manifest, RunReport } from "@agent-verify/contract";
import type { TracePolicy } from "@agent-verify/contract/constants";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { FlowCatalog } from "../flows/catalog.js";
import type { ListedFlow } from "../flows/list.js";
import { admitFlow, selectFlows, type Selection } from "../flows/select.js";
import { runChild } from "../supervise/child.js";
import { classifyRun, notRunOutcome } from "../supervise/classify.js";
import { WorkerPool, wantsWorkers } from "./worker-pool.js";
import { openRunHosts } from "./run-hosts.js";
import { substituteFlow } from "../supervise/shell-quote.js";
import { grepFlows, type GrepOptions } from "./grep.js";
import { resolveJobs, type Jobs } from "./jobs.js";
import { durationsFrom, readReportFile } from "./report-file.js";
import { shardFlows, type Shard } from "./shard.js";
import { mapBounded } from "./pool.js";
import { silentProgress, type ProgressSink } from "./progress.js";
import { buildReport } from "./report.js";
import { flowFile, runMeta, withDeclared } from "./run-meta.js";
import { firstRunEnv, managerTrace, mergeRetry, retryEnv, wantsRetry } from "./trace-policy.js";

export interface SuperviseOptions {
  env?: NodeJS.ProcessEnv | undefined;
  /** Flows at once; `auto` (the default) picks from cores and free memory. */
  jobs?: Jobs | undefined;
  /** Added to each flow's timeout_s so the runner can report its own timeout first. */
  timeoutGraceMs?: number | undefined;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs?: number | undefined;
  progress?: ProgressSink | undefined;
  signal?: AbortSignal | undefined;
  /** What the runner's --list offers (`worker`: flows may share long-lived runners). */
  capabilities?: readonly string[] | undefined;
  /** `--trace`; absent: the manifest's `trace`, else on-first-retry (trace-policy.ts). */
  trace?: TracePolicy | undefined;
  /**
   * Run a failing flow once more with the trace on (on-first-retry). Off (the ticket loop,
   * which reruns failures itself): on-first-retry records as retain-on-failure instead.
   */
  retryFailures?: boolean | undefined;
}

export interface RunOptions extends SuperviseOptions, Selection, GrepOptions {
  /** Run only this part of the selection (`--shard i/n`). */
  shard?: Shard | undefined;
  /** A previous `--json` report whose durations balance the shards (`--durations`). */
  durations?: string | undefined;
  dir: string;
  /** The project's manifest and `--list` (the CLI makes one per command); made here when absent. */
  catalog?: FlowCatalog | undefined;
}

export const DEFAULT_TIMEOUT_GRACE_MS = 5000;

function timeoutMsOf(name: string, manifest: Manifest, listed: ListedFlow | undefined): number {
  const declared = manifest.flows.find((flow) => flow.name === name)?.timeout_s;
  return (declared ?? listed?.timeout_s ?? 60) * 1000;
}

/** Run already-listed flows under supervision; names are admitted first, never improvised. */
export async function superviseFlows(
  dir: string,
  manifest: Manifest,
  listed: readonly ListedFlow[],
  names: readonly string[],
  options: SuperviseOptions = {},
): Promise<FlowOutcome[]> {
  const progress = options.progress ?? silentProgress;
  const timeoutGraceMs = options.timeoutGraceMs ?? DEFAULT_TIMEOUT_GRACE_MS;
  const trace = managerTrace(options.trace, manifest.trace, options.retryFailures === true);
  const env = firstRunEnv(options.env ?? process.env, trace);
  const pool = wantsWorkers(manifest, options.capabilities, names.length)
    ? new WorkerPool({
        command: substituteFlow(manifest.runner_command, "--worker"),
        cwd: dir,
        env,
        killGraceMs: options.killGraceMs,
      })
    : undefined;
  /** A flow in its own runner process. */
  const runAlone = async (name: string, timeoutMs: number, runEnv: NodeJS.ProcessEnv) => {
    const child = await runChild({
      command: substituteFlow(manifest.runner_command, name),
      cwd: dir,
      env: runEnv,
      timeoutMs: timeoutMs + timeoutGraceMs,
      killGraceMs: options.killGraceMs,
      signal: options.signal,
    });
    return classifyRun(name, child, timeoutMs);
  };
  try {
    return await mapBounded(names, resolveJobs(options.jobs), async (name) => {
      const admission = admitFlow(name, listed);
      if (admission.kind !== "run") return notRunOutcome(name, admission.kind, admission.reason);
      const timeoutMs = timeoutMsOf(name, manifest, admission.flow);
      progress.start(name);
      let outcome: FlowOutcome;
      if (pool) {
        const worker = pool.take(name);
        const turn = await worker.runFlow(name, timeoutMs + timeoutGraceMs, options.signal);
        outcome = classifyRun(name, turn, timeoutMs, "worker");
        // Only a line that was this flow's own result keeps the worker in step for the next.
        await pool.give(worker, outcome.result !== null && outcome.outcome !== "mismatch");
      } else {
        outcome = await runAlone(name, timeoutMs, env);
      }
      // The second run has its own process (a worker's trace setting is fixed at its start).
      if (wantsRetry(trace, outcome) && !options.signal?.aborted) {
        progress.note?.(`${name}: ${outcome.outcome}, running it once more with the trace on`);
        outcome = mergeRetry(outcome, await runAlone(name, timeoutMs, retryEnv(env)));
      }
      progress.end(outcome);
      return outcome;
    });
  } finally {
    await pool?.close();
  }
}

/** `verify-manager run`: select flows, run them with bounded parallelism, build the report. */
export async function runFlows(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const began = performance.now();
  const catalog = options.catalog ?? new FlowCatalog(options);
  let listed: ListedFlow[];
  let capabilities: string[];
  let manifest: Manifest;
  try {
    manifest = catalog.manifest();
    ({ flows: listed, capabilities } = await catalog.runner());
  } finally {
    if (catalog !== options.catalog) catalog.close();
  }
  const selected = grepFlows(selectFlows(listed, options), listed, options);
  if (selected.length === 0) {
    throw new ManagerError(ManagerErrorCode.NoFlowsSelected, "no flows selected", {
      hint: "name flows, or use --tag T / --all (see verify-manager list); check --grep",
    });
  }
  const durations = options.durations
    ? durationsFrom(readReportFile(options.durations))
    : undefined;
  const shard = options.shard ? { ...options.shard, selected } : undefined;
  const names = options.shard ? shardFlows(selected, options.shard, durations) : selected;
  const metaEnv = options.env ?? process.env;
  const meta = () =>
    runMeta({
      dir: options.dir,
      env: metaEnv,
      startedAt,
      wallMs: performance.now() - began,
      workers: resolveJobs(options.jobs),
    });
  const byName = new Map(listed.map((flow) => [flow.name, flow]));
  const declared = (outcomes: FlowOutcome[]) =>
    outcomes.map((o) =>
      withDeclared(o, byName.get(o.flow), flowFile(options.dir, manifest, o.flow)),
    );
  if (names.length === 0) return buildReport([], shard, meta());
  const hosts = await openRunHosts(options.dir, manifest, options.env ?? process.env, {
    flows: names.length,
    browserServer: capabilities.includes("browser-server"),
    signal: options.signal,
  });
  try {
    if (hosts.browserNote) options.progress?.note?.(`no shared browser: ${hosts.browserNote}`);
    if (hosts.setupError !== null) {
      const reason = hosts.setupError;
      return buildReport(
        declared(names.map((name) => notRunOutcome(name, "setup_error", reason))),
        shard,
        meta(),
      );
    }
    const env = hosts.env;
    options.progress?.plan?.(names.length);
    const outcomes = await superviseFlows(options.dir, manifest, listed, names, {
      ...options,
      env,
      capabilities,
      retryFailures: true,
    });
    return buildReport(declared(outcomes), shard, meta());
  } finally {
    await hosts.close();
  }
}
