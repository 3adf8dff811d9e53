import type { FlowOutcome, OutcomeKind } from "@agent-verify/contract";

/**
 * One run of a flow as the report shows it in its own tab. `attempt` is 0 for a first run
 * that was retried, undefined for the run the outcome itself describes (the only one, or the
 * retry); evidence is looked up by it.
 */
export interface AttemptView {
  attempt: 0 | undefined;
  label: string;
  outcome: OutcomeKind | "pass";
  duration_ms: number;
  failing_step: string | null;
  error: string | null;
  /** The outcome's fields for this run only: artifacts, result and stderr are this run's. */
  view: FlowOutcome;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A flaky outcome carries the first run's error and both runs' artifacts merged; a report
 * written before `first_attempt` kept its own evidence has none apart.
 */
function retryArtifacts(outcome: FlowOutcome): FlowOutcome["artifacts"] {
  const first = outcome.first_attempt?.artifacts;
  if (outcome.outcome !== "flaky" || !first || !outcome.artifacts) return outcome.artifacts;
  return Object.fromEntries(
    Object.entries(outcome.artifacts).filter(([key, value]) => !sameValue(first[key], value)),
  );
}

/** The runs behind an outcome, first run first: one, or two when it was retried. */
export function attemptsOf(outcome: FlowOutcome): AttemptView[] {
  const first = outcome.first_attempt;
  if (!first) return [{ ...pick(outcome), attempt: undefined, label: "Run" }];
  const flaky = outcome.outcome === "flaky";
  const firstView: FlowOutcome = {
    ...outcome,
    outcome: first.outcome,
    duration_ms: first.duration_ms,
    failing_step: first.failing_step,
    error: first.error,
    artifacts: first.artifacts ?? null,
    result: first.result ?? null,
    stderr_tail: first.stderr_tail ?? "",
  };
  const retryView: FlowOutcome = {
    ...outcome,
    outcome: flaky ? "pass" : outcome.outcome,
    duration_ms: Math.max(0, outcome.duration_ms - first.duration_ms),
    failing_step: flaky ? null : outcome.failing_step,
    error: flaky ? null : outcome.error,
    artifacts: retryArtifacts(outcome),
  };
  return [
    { ...pick(firstView), attempt: 0, label: "Run" },
    { ...pick(retryView), attempt: undefined, label: "Retry #1" },
  ];
}

function pick(view: FlowOutcome): Omit<AttemptView, "attempt" | "label"> {
  return {
    outcome: view.outcome,
    duration_ms: view.duration_ms,
    failing_step: view.failing_step,
    error: view.error,
    view,
  };
}
