import {
  EXIT_CODE_BY_STATUS,
  type FlowOutcome,
  type OutcomeKind,
  type RunResultInput,
} from "@agent-verify/contract";
import { constants } from "node:os";
import type { ChildResult } from "./child.js";
import { parseRunStdout } from "./parse-stdout.js";

interface Verdict {
  outcome: OutcomeKind;
  error: string | null;
  result: RunResultInput | null;
}

const OUTCOME_BY_ERROR_CODE: Record<string, OutcomeKind> = {
  unknown_flow: "unknown_flow",
  not_implemented: "not_implemented",
};

function firstFailingStep(
  result: RunResultInput | null,
): { name: string; error: string | null } | null {
  const step = result?.steps.find((s) => s.status === "fail");
  return step ? { name: step.name, error: step.error ?? null } : null;
}

/** How a flow ran: its own runner process, or one flow among several in a `--worker`. */
export type Isolation = "process" | "worker";

function verdictOfResult(
  flow: string,
  child: ChildResult,
  result: RunResultInput,
  isolation: Isolation,
): Verdict {
  const expectedExit = EXIT_CODE_BY_STATUS[result.status];
  const failing = firstFailingStep(result);
  const error = result.error ?? failing?.error ?? null;
  if (result.flow !== flow) {
    return {
      outcome: "mismatch",
      error: `runner reported flow '${result.flow}', asked for '${flow}'`,
      result,
    };
  }
  // A worker goes on after a flow: no exit code belongs to one flow's line.
  if (isolation === "process" && child.exitCode !== expectedExit) {
    const exit = child.exitCode === null ? `signal ${child.signal}` : `exit code ${child.exitCode}`;
    return {
      outcome: "mismatch",
      error: `status '${result.status}' but ${exit} (expected ${expectedExit})`,
      result,
    };
  }
  if (result.status === "pass") return { outcome: "pass", error: null, result };
  if (result.status === "fail") {
    return { outcome: result.error_code === "timeout" ? "timeout" : "fail", error, result };
  }
  const outcome = OUTCOME_BY_ERROR_CODE[result.error_code ?? ""] ?? "setup_error";
  return {
    outcome,
    error: error ?? `runner error ${result.error_code ?? "(no error_code)"}`,
    result,
  };
}

/** A shell reports a child killed by signal N as exit code 128 + N; a runner exits 0, 1 or 2. */
function shellReportedSignal(child: ChildResult): string | null {
  const code = child.exitCode;
  if (code === null || code <= 128) return null;
  const name = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
  return name ?? null;
}

function verdictOf(
  flow: string,
  child: ChildResult,
  timeoutMs: number,
  isolation: Isolation,
): Verdict {
  if (child.terminationReason === "spawn_error") {
    return {
      outcome: "setup_error",
      error: `could not start the runner: ${child.spawnError}`,
      result: null,
    };
  }
  const parsed = child.isMaxBuffer ? null : parseRunStdout(child.stdout);
  const result = parsed?.kind === "result" ? parsed.result : null;
  if (child.timedOut) {
    return {
      outcome: "timeout",
      error: `flow '${flow}' timed out after ${timeoutMs} ms (killed by the manager)`,
      result,
    };
  }
  if (child.terminationReason === "aborted") {
    return { outcome: "setup_error", error: "the run was interrupted", result };
  }
  if (parsed === null) {
    return {
      outcome: "malformed",
      error: `stdout exceeded ${child.stdoutBytes} bytes (limit reached)`,
      result: null,
    };
  }
  if (parsed.kind === "empty") {
    if (child.exitCode === 0)
      return { outcome: "malformed", error: "exit code 0 but nothing on stdout", result: null };
    const how =
      child.exitCode === null ? `killed by ${child.signal}` : `exit code ${child.exitCode}`;
    return {
      outcome: "crash",
      error: `runner ended (${how}) without printing a result`,
      result: null,
    };
  }
  const killedBy = child.terminationReason === "signal" ? child.signal : shellReportedSignal(child);
  if (killedBy !== null) {
    // Killed by someone else (the OOM killer, a user): whatever it printed is not a verdict.
    return {
      outcome: "crash",
      error: `runner killed by ${killedBy} (its stdout is not trusted)`,
      result: null,
    };
  }
  if (parsed.kind === "malformed")
    return { outcome: "malformed", error: parsed.reason, result: null };
  return verdictOfResult(flow, child, parsed.result, isolation);
}

/**
 * Contract 4: judge one run from its exit code and stdout alone. In a worker, from its one
 * line for the flow (checked as strictly as a runner's whole stdout) and how the worker ended
 * when it ended during the flow.
 */
export function classifyRun(
  flow: string,
  child: ChildResult,
  timeoutMs: number,
  isolation: Isolation = "process",
): FlowOutcome {
  const verdict = verdictOf(flow, child, timeoutMs, isolation);
  const failing = firstFailingStep(verdict.result);
  return {
    flow,
    outcome: verdict.outcome,
    exit_code: child.exitCode,
    signal: child.signal,
    duration_ms: child.durationMs,
    failing_step: failing?.name ?? null,
    error: verdict.error,
    artifacts: verdict.result ? { ...verdict.result.artifacts } : null,
    stderr_tail: child.stderr,
    result: verdict.result,
    ...(isolation === "worker" ? { isolation } : {}),
  };
}

/** An outcome for a flow that was never started (not listed, not implemented...). */
export function notRunOutcome(flow: string, outcome: OutcomeKind, error: string): FlowOutcome {
  return {
    flow,
    outcome,
    exit_code: null,
    signal: null,
    duration_ms: 0,
    failing_step: null,
    error,
    artifacts: null,
    stderr_tail: "",
    result: null,
  };
}
