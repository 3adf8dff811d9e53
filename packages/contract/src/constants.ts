// Zod-free constants, importable as `@agent-verify/contract/constants` by code on a
// hot start-up path (the runner's `--list`) that must not pay for loading zod and yaml.
import { join } from "node:path";

/** Flow names are also used as file names and shell arguments: keep them boring. */
export const FLOW_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}$/;

export function isFlowName(value: string): boolean {
  return FLOW_NAME_PATTERN.test(value);
}

export const MANIFEST_PATH = join(".verify", "workflows.yaml");

export function manifestPath(dir: string): string {
  return join(dir, MANIFEST_PATH);
}

/**
 * When a flow run records a Playwright trace (Playwright's own names): `off`; `on` (kept on
 * pass and fail); `retain-on-failure` (recorded every run, kept on failure: the runner's
 * default); `on-first-retry` (a first run records nothing; a failing flow is run once more
 * with the trace on: the manager's default).
 */
export const TRACE_POLICIES = ["off", "on", "retain-on-failure", "on-first-retry"] as const;
export type TracePolicy = (typeof TRACE_POLICIES)[number];

export function isTracePolicy(value: string | undefined): value is TracePolicy {
  return (TRACE_POLICIES as readonly (string | undefined)[]).includes(value);
}

/** The trace a runner records for one attempt when the manager sets it (VERIFY_TRACE). */
export const TRACE_ENV = "VERIFY_TRACE";

/** Exit code of a runner for each run status; contract 3 requires they agree. */
export const EXIT_CODE_BY_STATUS = { pass: 0, fail: 1, error: 2 } as const;

/** The gates stages, cheapest first (contract 6). */
export const GATE_STAGES = [
  "floor",
  "scope",
  "secrets",
  "typecheck",
  "lint",
  "format",
  "tests",
  "crap",
  "judge",
  "git-clean",
] as const;

/** `needs_human`: the judge answered something that does not parse; a person must look (exit 1). */
export const GATES_STATUSES = ["pass", "fail", "needs_human", "error"] as const;

export const GATES_EXIT_CODE_BY_STATUS: Record<(typeof GATES_STATUSES)[number], 0 | 1 | 2> = {
  pass: 0,
  fail: 1,
  needs_human: 1,
  error: 2,
};

/** Default port of a `static` web server (Vite's preview port). */
export const DEFAULT_STATIC_PORT = 4173;

/** A `web_server` of the static form, as the runner serves it (defaults filled in). */
export interface StaticWebServer {
  static: string;
  port: number;
  spa_fallback: boolean;
  timeout_s: number;
}

/** The static form of a validated `web_server`, or undefined for a command server. */
export function staticWebServer(
  server: { static?: string; port?: number; spa_fallback?: boolean; timeout_s: number } | undefined,
): StaticWebServer | undefined {
  if (server?.static === undefined) return undefined;
  return {
    static: server.static,
    port: server.port ?? DEFAULT_STATIC_PORT,
    spa_fallback: server.spa_fallback ?? false,
    timeout_s: server.timeout_s,
  };
}

/** The URL a static web server answers at: the base URL when the manifest has none. */
export function staticServerUrl(port: number): string {
  return `http://127.0.0.1:${port}/`;
}
