import { z } from "zod";

export const STEP_STATUSES = ["pass", "fail", "not_run"] as const;
export const StepStatusSchema = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatusSchema>;

/** Where a step failed: the first frame of the project's own code, relative to the project. */
export const CodeLocationSchema = z.strictObject({
  file: z.string(),
  line: z.number().int().positive(),
});
export type CodeLocation = z.infer<typeof CodeLocationSchema>;

export interface StepResult {
  name: string;
  status: StepStatus;
  duration_ms: number;
  error?: string | undefined;
  /** A failed step: the flow or page-object line the error came from (added, optional). */
  location?: CodeLocation | undefined;
  /** Steps opened inside this one (page-object methods wrapped in steps). */
  steps?: StepResult[] | undefined;
}

export const StepResultSchema: z.ZodType<StepResult> = z.strictObject({
  name: z.string(),
  status: StepStatusSchema,
  duration_ms: z.number().nonnegative(),
  error: z.string().optional(),
  location: CodeLocationSchema.optional(),
  get steps() {
    return z.array(StepResultSchema).optional();
  },
});

export const ArtifactsSchema = z.strictObject({
  dir: z.string().optional(),
  screenshot: z.string().optional(),
  url_at_failure: z.string().optional(),
  trace: z.string().optional(),
  error_context: z.string().optional(),
  console_errors: z.array(z.string()).optional(),
  failed_requests: z.array(z.string()).optional(),
  /** Uncaught exceptions thrown in the page's own scripts while the flow ran. */
  page_errors: z.array(z.string()).optional(),
});
export type Artifacts = z.infer<typeof ArtifactsSchema>;

export const RUN_STATUSES = ["pass", "fail", "error"] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export { EXIT_CODE_BY_STATUS } from "./constants.js";

/** Machine-readable cause of an `error` (or `fail`) result; grows by adding values. */
export const RUN_ERROR_CODES = [
  "unknown_flow",
  "not_implemented",
  "manifest_invalid",
  "flow_module_invalid",
  "no_browser",
  "browser_launch_failed",
  "web_server_failed",
  "base_url_unreachable",
  "flow_error",
  "timeout",
  "interrupted",
  "internal",
] as const;
export const RunErrorCodeSchema = z.enum(RUN_ERROR_CODES);
export type RunErrorCode = z.infer<typeof RunErrorCodeSchema>;

/** What `verify-runner <flow>` prints (contract 3). */
export const RunResultSchema = z.strictObject({
  schema_version: z.literal(1),
  flow: z.string(),
  status: RunStatusSchema,
  duration_ms: z.number().nonnegative(),
  steps: z.array(StepResultSchema),
  artifacts: ArtifactsSchema,
  error: z.string().optional(),
  error_code: RunErrorCodeSchema.optional(),
  /** One line telling the user what to do about `error` (e.g. how to make flows load). */
  hint: z.string().optional(),
});
export type RunResult = z.infer<typeof RunResultSchema>;

// What a reader accepts from any runner: unknown fields ignored, optional extras.
export const RunResultInputSchema = z.looseObject({
  schema_version: z.number().optional(),
  flow: z.string(),
  status: RunStatusSchema,
  duration_ms: z.number().nonnegative(),
  steps: z.array(
    z.looseObject({
      name: z.string(),
      status: z.string(),
      duration_ms: z.number().optional(),
      error: z.string().optional(),
    }),
  ),
  artifacts: z.looseObject({}).default({}),
  error: z.string().optional(),
  error_code: z.string().optional(),
  hint: z.string().optional(),
});
export type RunResultInput = z.infer<typeof RunResultInputSchema>;
