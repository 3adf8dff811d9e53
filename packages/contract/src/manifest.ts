import { z } from "zod";
import {
  DEFAULT_STATIC_PORT,
  TRACE_POLICIES,
  staticServerUrl,
  staticWebServer,
} from "./constants.js";
import { FlowNameSchema } from "./names.js";

export { DEFAULT_STATIC_PORT, staticServerUrl, staticWebServer };
export type { StaticWebServer } from "./constants.js";

const httpUrl = () => z.url({ protocol: /^https?$/, error: "expected an http(s) URL" });

/** The longest `timeout_s` accepted: one day, well inside what a Node timer can hold (2^31-1 ms). */
export const MAX_TIMEOUT_S = 86_400;

const positiveSeconds = (fallback: number) =>
  z
    .number({ error: "expected a positive number" })
    .positive({ error: "expected a positive number" })
    .max(MAX_TIMEOUT_S, { error: `expected at most ${MAX_TIMEOUT_S} (one day)` })
    .default(fallback);

export const ManifestFlowSchema = z.strictObject({
  name: FlowNameSchema,
  description: z.string({ error: "expected a string" }).default(""),
  timeout_s: positiveSeconds(60),
  tags: z
    .array(z.string({ error: "expected a string" }).min(1, { error: "expected a non-empty tag" }), {
      error: "expected a list of tags",
    })
    .default([]),
});
export type ManifestFlow = z.infer<typeof ManifestFlowSchema>;

const COMMAND_ONLY = ["url", "cwd"] as const;
const STATIC_ONLY = ["port", "spa_fallback"] as const;

/**
 * Either a command the runner starts (`command` + `url`, optional `cwd`) or a folder
 * served by the runner's built-in static server (`static`, optional `port` and
 * `spa_fallback`), never both. Both forms take `timeout_s`.
 */
export const WebServerSchema = z
  .strictObject({
    command: z
      .string({ error: "expected a command string" })
      .min(1, { error: "expected a command string" })
      .optional()
      .meta({ description: "shell command that starts the app (not with static)" }),
    url: httpUrl()
      .optional()
      .meta({ description: "URL that answers once the command's server is up (with command)" }),
    cwd: z
      .string({ error: "expected a folder" })
      .optional()
      .meta({ description: "folder the command runs in (with command)" }),
    static: z
      .string({ error: "expected a folder" })
      .min(1, { error: "expected a folder" })
      .optional()
      .meta({
        description:
          "folder served on 127.0.0.1 by the runner's built-in static server, relative to the repo (not with command)",
      }),
    port: z
      .number({ error: "expected a port number" })
      .int({ error: "expected a whole number" })
      .min(1, { error: "expected a port from 1 to 65535" })
      .max(65_535, { error: "expected a port from 1 to 65535" })
      .optional()
      .meta({ description: `port of the static server (default ${DEFAULT_STATIC_PORT})` }),
    spa_fallback: z.boolean({ error: "expected true or false" }).optional().meta({
      description:
        "static: answer a path with no file (and no extension) with index.html, for single-page apps (default false)",
    }),
    timeout_s: positiveSeconds(30),
  })
  .superRefine((server, ctx) => {
    const issue = (key: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [key], message });
    if (server.command !== undefined && server.static !== undefined) {
      issue("static", "use command or static, not both");
      return;
    }
    if (server.command === undefined && server.static === undefined) {
      issue("command", "is required (or static: FOLDER to serve files)");
      return;
    }
    if (server.command !== undefined) {
      if (server.url === undefined) issue("url", "is required");
      for (const key of STATIC_ONLY) {
        if (server[key] !== undefined)
          issue(key, "unknown key for a command server (goes with static)");
      }
      return;
    }
    for (const key of COMMAND_ONLY) {
      if (server[key] !== undefined) issue(key, "goes with command, not static");
    }
  });
export type WebServer = z.infer<typeof WebServerSchema>;

export const BrowserConfigSchema = z.strictObject({
  executable_path: z.string().min(1).optional(),
  ws_endpoint: z.string().min(1).optional(),
  headless: z.boolean({ error: "expected true or false" }).default(true),
  args: z.array(z.string()).default([]),
});
export type BrowserConfig = z.infer<typeof BrowserConfigSchema>;

/** How `verify-manager issue` / `issues` decide on tickets (contract 7). */
export const TicketsConfigSchema = z.strictObject({
  retry_budget: z
    .number({ error: "expected a whole number" })
    .int({ error: "expected a whole number" })
    .min(1, { error: "expected at least 1" })
    .max(100, { error: "expected at most 100" })
    .default(3),
  flaky_reruns: z
    .number({ error: "expected a whole number" })
    .int({ error: "expected a whole number" })
    .min(0, { error: "expected 0 or more" })
    .max(5, { error: "expected at most 5" })
    .default(1),
  /**
   * How many pass/fail flips of one flow or test on an unchanged tree make its failure (or its
   * pass after one) flaky rather than counted; seed 000's default is 1.
   */
  flaky_threshold: z
    .number({ error: "expected a whole number" })
    .int({ error: "expected a whole number" })
    .min(1, { error: "expected at least 1" })
    .max(10, { error: "expected at most 10" })
    .default(1),
  /**
   * Confirmation runs: before a ticket closes on a first pass, every flow it names runs this
   * many more times in the same attempt; one that passed and then fails is `flaky`, never a
   * close (issue 33 §5). 0 turns them off.
   */
  confirm_runs: z
    .number({ error: "expected a whole number" })
    .int({ error: "expected a whole number" })
    .min(0, { error: "expected 0 or more" })
    .max(5, { error: "expected at most 5" })
    .default(1),
  /**
   * When gates run before the flows: `auto` when the repo has .verify/gates.yaml or the
   * Verify: section lists `gates`; `always`; `requested` only when the Verify: section does.
   */
  run_gates: z
    .enum(["auto", "always", "requested"], { error: "expected auto, always or requested" })
    .default("auto"),
  gates_command: z
    .string({ error: "expected a command string" })
    .min(1, { error: "expected a non-empty command" })
    .default("node_modules/.bin/verify-gates"),
  /**
   * Globs of the app's front-end files: a change touching one sets `manual_smoke_required`
   * in the verify log (absent: the usual front-end folders and file types).
   */
  ui_paths: z
    .array(z.string({ error: "expected a glob" }).min(1, { error: "expected a non-empty glob" }), {
      error: "expected a list of globs",
    })
    .optional(),
});
export type TicketsConfig = z.infer<typeof TicketsConfigSchema>;

export const ManifestSchema = z
  .strictObject({
    version: z.literal(1, { error: "expected 1" }),
    runner_command: z
      .string({ error: "expected a command string" })
      .refine((value) => value.includes("{flow}"), { error: "must contain {flow}" }),
    base_url: httpUrl().optional(),
    flows_dir: z.string().min(1).optional(),
    web_server: WebServerSchema.optional(),
    browser: BrowserConfigSchema.optional(),
    tickets: TicketsConfigSchema.optional(),
    /**
     * How the manager runs two or more flows: `worker` (the default when the runner's --list
     * offers it) runs them one after another in long-lived runner processes, one per job,
     * sharing flow and page-object modules; `process` gives every flow its own runner process.
     */
    isolation: z.enum(["worker", "process"], { error: "expected worker or process" }).optional(),
    /**
     * When a Playwright trace is recorded (constants.ts TRACE_POLICIES). Absent: the manager
     * uses `on-first-retry` (a failing flow is run once more with the trace on), a runner run
     * alone `retain-on-failure`.
     */
    trace: z
      .enum(TRACE_POLICIES, { error: `expected one of ${TRACE_POLICIES.join(", ")}` })
      .optional(),
    flows: z.array(ManifestFlowSchema, { error: "expected a list of flows" }),
  })
  .superRefine((manifest, ctx) => {
    checkStaticBaseUrl(manifest.base_url, manifest.web_server, ctx);
    const seen = new Map<string, number>();
    manifest.flows.forEach((flow, index) => {
      const first = seen.get(flow.name);
      if (first === undefined) {
        seen.set(flow.name, index);
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: ["flows", index, "name"],
        message: `duplicate flow name '${flow.name}' (first at flows[${first}])`,
      });
    });
  });
export type Manifest = z.infer<typeof ManifestSchema>;

/** A static server listens on 127.0.0.1:port: a base_url elsewhere could never answer. */
function checkStaticBaseUrl(
  baseUrl: string | undefined,
  server: WebServer | undefined,
  ctx: z.RefinementCtx,
): void {
  const served = staticWebServer(server);
  if (!served || baseUrl === undefined) return;
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const local = ["127.0.0.1", "localhost"].includes(url.hostname);
  if (local && url.protocol === "http:" && port === served.port) return;
  ctx.addIssue({
    code: "custom",
    path: ["base_url"],
    message: `the static web server answers at ${staticServerUrl(served.port)}, not at ${url.origin}`,
  });
}
