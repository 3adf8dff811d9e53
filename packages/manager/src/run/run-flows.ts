import type { FlowOutcome, Manifest, RunReport } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { FlowCatalog } from "../flows/catalog.js";
import type { ListedFlow } from "../flows/list.js";
import { admitFlow, selectFlows, type Selection } from "../flows/select.js";
import { runChild } from "../supervise/child.js";
import { classifyRun, notRunOutcome } from "../supervise/classify.js";
import { substituteFlow } from "../supervise/shell-quote.js";
import { mapBounded } from "./pool.js";
import { silentProgress, type ProgressSink } from "./progress.js";
import { buildReport } from "./report.js";

export interface SuperviseOptions {
  env?: NodeJS.ProcessEnv | undefined;
  jobs?: number | undefined;
  /** Added to each flow's timeout_s so the runner can report its own timeout first. */
  timeoutGraceMs?: number | undefined;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs?: number | undefined;
  progress?: ProgressSink | undefined;
  signal?: AbortSignal | undefined;
}

export interface RunOptions extends SuperviseOptions, Selection {
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
  return mapBounded(names, options.jobs ?? 1, async (name) => {
    const admission = admitFlow(name, listed);
    if (admission.kind !== "run") return notRunOutcome(name, admission.kind, admission.reason);
    const timeoutMs = timeoutMsOf(name, manifest, admission.flow);
    progress.start(name);
    const child = await runChild({
      command: substituteFlow(manifest.runner_command, name),
      cwd: dir,
      env: options.env,
      timeoutMs: timeoutMs + (options.timeoutGraceMs ?? DEFAULT_TIMEOUT_GRACE_MS),
      killGraceMs: options.killGraceMs,
      signal: options.signal,
    });
    const outcome = classifyRun(name, child, timeoutMs);
    progress.end(outcome);
    return outcome;
  });
}

/** `verify-manager run`: select flows, run them with bounded parallelism, build the report. */
export async function runFlows(options: RunOptions): Promise<RunReport> {
  const catalog = options.catalog ?? new FlowCatalog(options);
  let listed: ListedFlow[];
  let manifest: Manifest;
  try {
    manifest = catalog.manifest();
    listed = await catalog.flows();
  } finally {
    if (catalog !== options.catalog) catalog.close();
  }
  const names = selectFlows(listed, options);
  if (names.length === 0) {
    throw new ManagerError(ManagerErrorCode.NoFlowsSelected, "no flows selected", {
      hint: "name flows, or use --tag T / --all (see verify-manager list)",
    });
  }
  return buildReport(await superviseFlows(options.dir, manifest, listed, names, options));
}
