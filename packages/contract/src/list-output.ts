import { z } from "zod";

/** One flow as `verify-manager list --json` prints it: the runner's entry, known fields only. */
export const ListedFlowOutputSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  /** Absent when the runner did not say (the manifest's or the default 60 s then apply). */
  timeout_s: z.number().positive().optional(),
  tags: z.array(z.string()),
  implemented: z.boolean(),
  steps: z.array(z.string()).optional(),
});
export type ListedFlowOutput = z.infer<typeof ListedFlowOutputSchema>;

/** What `verify-manager list --json` prints. */
export const ListOutputSchema = z.strictObject({
  schema_version: z.literal(1),
  flows: z.array(ListedFlowOutputSchema),
});
export type ListOutput = z.infer<typeof ListOutputSchema>;
