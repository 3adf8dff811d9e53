import { z } from "zod";
import { FlowNameSchema } from "./names.js";

export const FlowListEntrySchema = z.strictObject({
  name: FlowNameSchema,
  description: z.string(),
  timeout_s: z.number().positive(),
  tags: z.array(z.string()),
  implemented: z.boolean(),
  /** Step names the flow declares up front (only with `--list --steps`). */
  steps: z.array(z.string()).optional(),
});
export type FlowListEntry = z.infer<typeof FlowListEntrySchema>;

/** What `verify-runner --list` prints (contract 2). */
export const FlowListSchema = z.strictObject({
  schema_version: z.literal(1),
  flows: z.array(FlowListEntrySchema),
  /** Problems found while listing (a module with no manifest entry, a name mismatch...). */
  warnings: z.array(z.string()).optional(),
  /** What the runner offers beyond contract 3: `browser-server` (`--browser-server`). */
  capabilities: z.array(z.string()).optional(),
});
export type FlowList = z.infer<typeof FlowListSchema>;

// Readers accept any runner (other languages, older versions): unknown fields are
// ignored and schema_version may be absent, as contract 2 only requires `flows`.
export const FlowListInputSchema = z.looseObject({
  schema_version: z.number().optional(),
  flows: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().default(""),
      timeout_s: z.number().positive().optional(),
      tags: z.array(z.string()).default([]),
      implemented: z.boolean(),
      steps: z.array(z.string()).optional(),
    }),
  ),
  capabilities: z.array(z.string()).optional(),
});
export type FlowListInput = z.infer<typeof FlowListInputSchema>;
