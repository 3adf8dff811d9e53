import type { FlowOutcome, Manifest } from "@agent-verify/contract";
import type { ListedFlow } from "../../../flows/list.js";
import { describeOutcome, SETUP_OUTCOMES } from "../../../run/report.js";
import { openRunHosts } from "../../../run/run-hosts.js";
import { superviseFlows } from "../../../run/run-flows.js";
import { notRunOutcome } from "../../../supervise/classify.js";
import type { Collector, CollectContext } from "../evidence.js";

/**
 * Run the flows with one web server and, for two or more flows, one warm browser for the
 * attempt (reruns included), as for `run`.
 */
async function runWithReruns(
  ctx: CollectContext,
  manifest: Manifest,
  listed: readonly ListedFlow[],
): Promise<{ outcomes: FlowOutcome[]; rerunPassed: string[] }> {
  const hosts = await openRunHosts(ctx.dir, manifest, ctx.env ?? process.env, {
    flows: ctx.plan.flows.length,
    browserServer: ctx.plan.capabilities?.includes("browser-server") ?? false,
    signal: ctx.signal,
  });
  try {
    if (hosts.setupError !== null) {
      const reason = hosts.setupError;
      const outcomes = ctx.plan.flows.map((flow) => notRunOutcome(flow, "setup_error", reason));
      return { outcomes, rerunPassed: [] };
    }
    return await superviseWithReruns(
      { ...ctx, env: hosts.env, capabilities: ctx.plan.capabilities },
      manifest,
      listed,
    );
  } finally {
    await hosts.close();
  }
}

/** Run the flows, then rerun the failures (up to flaky_reruns); a rerun's result replaces the first. */
async function superviseWithReruns(
  ctx: CollectContext,
  manifest: Manifest,
  listed: readonly ListedFlow[],
): Promise<{ outcomes: FlowOutcome[]; rerunPassed: string[] }> {
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
  const run = await runWithReruns(ctx, manifest, listed);
  evidence.outcomes = run.outcomes;
  evidence.rerunPassedFlows = run.rerunPassed;
  evidence.passedFlows = run.outcomes.filter((o) => o.outcome === "pass").map((o) => o.flow);
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
