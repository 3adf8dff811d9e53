import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";
import { TRACE_ENV, type TracePolicy } from "@agent-verify/contract/constants";

/**
 * The manager's default: a first run records no trace (Playwright's DOM snapshots cost CPU on
 * every passing run); a flow that fails is run once more with the trace on, so every failure
 * still carries a trace.
 */
export const MANAGER_TRACE_DEFAULT: TracePolicy = "on-first-retry";

/**
 * `--trace`, else the manifest's `trace`, else on-first-retry. A caller that does not retry
 * (the ticket loop reruns failures itself) gets retain-on-failure for on-first-retry, so that
 * every failure still carries a trace.
 */
export function managerTrace(
  cli: TracePolicy | undefined,
  manifest: TracePolicy | undefined,
  retries = true,
): TracePolicy {
  const policy = cli ?? manifest ?? MANAGER_TRACE_DEFAULT;
  return policy === "on-first-retry" && !retries ? "retain-on-failure" : policy;
}

/** The environment of a flow's first run: VERIFY_TRACE says what the runner records. */
export function firstRunEnv(env: NodeJS.ProcessEnv, policy: TracePolicy): NodeJS.ProcessEnv {
  return { ...env, [TRACE_ENV]: policy === "on-first-retry" ? "off" : policy };
}

/** The environment of the second run: the trace on, kept on pass and fail. */
export function retryEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, [TRACE_ENV]: "on" };
}

/** The app misbehaved: worth a second run. A setup problem or a broken runner is not. */
const RETRIED: ReadonlySet<OutcomeKind> = new Set(["fail", "timeout"]);

export function wantsRetry(policy: TracePolicy, outcome: FlowOutcome): boolean {
  return policy === "on-first-retry" && RETRIED.has(outcome.outcome);
}

/**
 * One outcome for a flow run twice. A second run that passed makes it `flaky` (never a pass:
 * it closes no ticket and the run exits 1), keeping the first run's failing step and error
 * and the second run's trace; else the second run's outcome stands. Both keep `first_attempt`.
 */
export function mergeRetry(first: FlowOutcome, second: FlowOutcome): FlowOutcome {
  const merged: FlowOutcome = {
    ...second,
    duration_ms: first.duration_ms + second.duration_ms,
    first_attempt: {
      outcome: first.outcome,
      duration_ms: first.duration_ms,
      failing_step: first.failing_step,
      error: first.error,
      artifacts: first.artifacts,
      result: first.result,
      stderr_tail: first.stderr_tail,
    },
  };
  if (second.outcome !== "pass") return merged;
  return {
    ...merged,
    outcome: "flaky",
    failing_step: first.failing_step,
    error: first.error,
    artifacts: { ...first.artifacts, ...second.artifacts },
  };
}
