import { z } from "zod";
import { FlowNameSchema } from "./names.js";

const httpUrl = () => z.url({ protocol: /^https?$/, error: "expected an http(s) URL" });

const positiveSeconds = (fallback: number) =>
  z
    .number({ error: "expected a positive number" })
    .positive({ error: "expected a positive number" })
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

export const WebServerSchema = z.strictObject({
  command: z
    .string({ error: "expected a command string" })
    .min(1, { error: "expected a command string" }),
  url: httpUrl(),
  timeout_s: positiveSeconds(30),
  cwd: z.string().optional(),
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
    flows: z.array(ManifestFlowSchema, { error: "expected a list of flows" }),
  })
  .superRefine((manifest, ctx) => {
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
