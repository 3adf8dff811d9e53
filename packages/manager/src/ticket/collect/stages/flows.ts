import type { FlowOutcome, Manifest } from "@agent-verify/contract";
import type { ListedFlow } from "../../../flows/list.js";
import { describeOutcome, SETUP_OUTCOMES } from "../../../run/report.js";
import { openRunHosts } from "../../../run/run-hosts.js";
import { superviseFlows } from "../../../run/run-flows.js";
import { notRunOutcome } from "../../../supervise/classify.js";
import { hasCountedFailure } from "../../failures/failures.js";
import type { Collector, CollectContext, Evidence } from "../evidence.js";

interface FlowsRun {
  outcomes: FlowOutcome[];
  rerunPassed: string[];
  /** Flows that passed, then failed a confirmation run: the failing run's outcome. */
  confirmFailed: FlowOutcome[];
}

/**
 * Run the flows with one web server and, for two or more flows, one warm browser for the
 * attempt (reruns included), as for `run`.
 */
async function runWithReruns(
  ctx: CollectContext,
  manifest: Manifest,
  listed: readonly ListedFlow[],
  evidence: Evidence,
): Promise<FlowsRun> {
  const hosts = await openRunHosts(ctx.dir, manifest, ctx.env ?? process.env, {
    flows: ctx.plan.flows.length,
    browserServer: ctx.plan.capabilities?.includes("browser-server") ?? false,
    signal: ctx.signal,
  });
  try {
    if (hosts.setupError !== null) {
      const reason = hosts.setupError;
      const outcomes = ctx.plan.flows.map((flow) => notRunOutcome(flow, "setup_error", reason));
      return { outcomes, rerunPassed: [], confirmFailed: [] };
    }
    const hosted = { ...ctx, env: hosts.env, capabilities: ctx.plan.capabilities };
    const run = await superviseWithReruns(hosted, manifest, listed);
    const confirmFailed = wouldClose(ctx, run, evidence)
      ? await confirmRuns(hosted, manifest, listed, run.outcomes)
      : [];
    return { ...run, confirmFailed };
  } finally {
    await hosts.close();
  }
}

/** Run the flows, then rerun the failures (up to flaky_reruns); a rerun's result replaces the first. */
async function superviseWithReruns(
  ctx: CollectContext,
  manifest: Manifest,
  listed: readonly ListedFlow[],
): Promise<Omit<FlowsRun, "confirmFailed">> {
  const outcomes = await superviseFlows(ctx.dir, manifest, listed, ctx.plan.flows, ctx);
  const rerunPassed: string[] = [];
  for (let i = 0; i < ctx.config.flaky_reruns; i++) {
    const again = outcomes
      .map((o, index) => ({ o, index }))
      .filter(({ o }) => o.outcome !== "pass" && !SETUP_OUTCOMES.has(o.outcome));
    if (again.length === 0 || ctx.signal?.aborted) break;
    const names = again.map(({ o }) => o.flow);
    const rerun = await superviseFlows(ctx.dir, manifest, listed, names, ctx);
    rerun.forEach((outcome, k) => {
      const slot = again[k];
      if (!slot) return;
      if (outcome.outcome === "pass") rerunPassed.push(outcome.flow);
      outcomes[slot.index] = outcome;
    });
  }
  return { outcomes, rerunPassed };
}

/**
 * A first pass that may close the ticket: every flow passed without a rerun, and nothing
 * collected before the flows (gates, the deliverable) failed.
 */
function wouldClose(
  ctx: CollectContext,
  run: { outcomes: readonly FlowOutcome[]; rerunPassed: readonly string[] },
  evidence: Evidence,
): boolean {
  return (
    ctx.config.confirm_runs > 0 &&
    run.outcomes.length > 0 &&
    run.outcomes.every((o) => o.outcome === "pass") &&
    run.rerunPassed.length === 0 &&
    !hasCountedFailure(evidence.failures) &&
    ctx.signal?.aborted !== true
  );
}

/**
 * Confirmation runs (tickets.confirm_runs, issue 33 §5): every flow runs again in the same
 * attempt, with the same hosts; a flow that fails one is a lucky pass, not a close.
 */
async function confirmRuns(
  ctx: CollectContext,
  manifest: Manifest,
  listed: readonly ListedFlow[],
  outcomes: readonly FlowOutcome[],
): Promise<FlowOutcome[]> {
  const failed: FlowOutcome[] = [];
  for (let i = 0; i < ctx.config.confirm_runs; i++) {
    const names = outcomes.map((o) => o.flow).filter((f) => !failed.some((o) => o.flow === f));
    if (names.length === 0 || ctx.signal?.aborted) break;
    const again = await superviseFlows(ctx.dir, manifest, listed, names, ctx);
    failed.push(...again.filter((o) => o.outcome !== "pass"));
  }
  return failed;
}

/** Only setup outcomes, or a crash of every flow: the runner is broken, not the product. */
function setupProblem(outcomes: readonly FlowOutcome[]): string | null {
  const failed = outcomes.filter((o) => o.outcome !== "pass");
  if (failed.length === 0) return null;
  const allSetup = failed.every((o) => SETUP_OUTCOMES.has(o.outcome));
  const allCrash = outcomes.every((o) => o.outcome === "crash");
  if (!allSetup && !allCrash) return null;
  return failed.map(describeOutcome).join("; ");
}

/** The Verify: flows and the ones the criteria cite, each in its own supervised process. */
export const flows: Collector = async (ctx, evidence) => {
  const { manifest, listed, flows: names } = ctx.plan;
  if (names.length === 0 || manifest === null || listed === null) return;
  const run = await runWithReruns(ctx, manifest, listed, evidence);
  // A flow that failed its confirmation run shows that run, and is flaky (decide), not passed.
  const confirmFailed = new Map(run.confirmFailed.map((o) => [o.flow, o]));
  evidence.outcomes = run.outcomes.map((o) => confirmFailed.get(o.flow) ?? o);
  evidence.rerunPassedFlows = run.rerunPassed;
  evidence.confirmFailedFlows = [...confirmFailed.keys()];
  evidence.passedFlows = run.outcomes
    .filter((o) => o.outcome === "pass" && !confirmFailed.has(o.flow))
    .map((o) => o.flow);
  evidence.failures.failed_flows = run.outcomes
    .filter((o) => o.outcome !== "pass")
    .map((o) => ({
      flow: o.flow,
      outcome: o.outcome,
      failing_step: o.failing_step,
      error: o.error,
    }));
  evidence.failures.setup_error = setupProblem(run.outcomes);
};
