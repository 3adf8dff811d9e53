import { TRACE_ENV, isTracePolicy, type TracePolicy } from "@agent-verify/contract/constants";

/** What one run records: a trace kept on pass and fail, kept on failure only, or none. */
export type TraceRecording = "off" | "on" | "retain-on-failure";

/**
 * The trace one run records. `--trace`, else VERIFY_TRACE (the manager sets it for each run
 * it makes), else the manifest's `trace`, else `retain-on-failure`. A run is a first attempt
 * unless the manager says otherwise, so `on-first-retry` records nothing (as in Playwright
 * without retries): the manager runs a failing flow again with VERIFY_TRACE=on.
 */
export function traceForRun(
  cli: TracePolicy | undefined,
  env: NodeJS.ProcessEnv,
  manifest: TracePolicy | undefined,
): TraceRecording {
  const policy = cli ?? envPolicy(env) ?? manifest ?? "retain-on-failure";
  return policy === "on-first-retry" ? "off" : policy;
}

/** VERIFY_TRACE when set; a value that is not a policy is ignored with a warning (as envMs). */
function envPolicy(env: NodeJS.ProcessEnv): TracePolicy | undefined {
  const raw = env[TRACE_ENV]?.trim();
  if (raw === undefined || raw === "") return undefined;
  if (isTracePolicy(raw)) return raw;
  process.stderr.write(
    `verify-runner: ${TRACE_ENV}=${raw} is not off, on, retain-on-failure or on-first-retry; ignored\n`,
  );
  return undefined;
}
