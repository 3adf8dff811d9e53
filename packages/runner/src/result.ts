import type {
  Artifacts,
  RunErrorCode,
  RunResult,
  RunStatus,
  StepResult,
} from "@agent-verify/contract";

export interface ResultInput {
  flow: string;
  status: RunStatus;
  durationMs: number;
  steps: readonly StepResult[];
  declaredSteps?: readonly string[] | undefined;
  artifacts?: Artifacts;
  error?: string | undefined;
  errorCode?: RunErrorCode | undefined;
  hint?: string | undefined;
}

/** Declared steps that never ran are reported as `not_run`, in declared order. */
function withNotRun(steps: readonly StepResult[], declared: readonly string[] = []): StepResult[] {
  const ran = new Set(steps.map((step) => step.name));
  const missing = declared.filter((name) => !ran.has(name));
  return [
    ...steps,
    ...missing.map((name): StepResult => ({ name, status: "not_run", duration_ms: 0 })),
  ];
}

/** The one place a contract-3 object is built (validateResult checks it before it is printed). */
export function buildResult(input: ResultInput): RunResult {
  const result: RunResult = {
    schema_version: 1,
    flow: input.flow,
    status: input.status,
    duration_ms: Math.max(0, Math.round(input.durationMs)),
    steps: withNotRun(input.steps, input.declaredSteps),
    artifacts: input.artifacts ?? {},
  };
  if (input.error !== undefined) result.error = input.error;
  if (input.errorCode !== undefined) result.error_code = input.errorCode;
  if (input.hint !== undefined) result.hint = input.hint;
  return result;
}

/**
 * Check a result against the contract schema. Loaded lazily: zod is not needed until
 * the end of a run, and the run preloads it while the browser starts.
 */
export async function validateResult(result: RunResult): Promise<RunResult> {
  const { RunResultSchema } = await import("@agent-verify/contract/run-result");
  return RunResultSchema.parse(result);
}
