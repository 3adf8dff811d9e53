import { z } from "zod";
import { GATE_STAGES } from "./constants.js";
import { STAGE_STATUSES } from "./gates-report.js";

/**
 * One line of `verify-gates --progress jsonl` (stderr) or of `VERIFY_GATES_PROGRESS=jsonl:FILE`
 * (appended to FILE): a stage started or ended. A host (the manager's MCP server) relays them
 * as progress while a long run goes on; readers skip lines that are not one of these.
 */
export const GatesStageStartEventSchema = z.strictObject({
  event: z.literal("stage_start"),
  stage: z.enum(GATE_STAGES),
});

export const GatesStageEndEventSchema = z.strictObject({
  event: z.literal("stage_end"),
  stage: z.enum(GATE_STAGES),
  status: z.enum(STAGE_STATUSES),
  duration_ms: z.number().int().nonnegative(),
});

export const GatesProgressEventSchema = z.discriminatedUnion("event", [
  GatesStageStartEventSchema,
  GatesStageEndEventSchema,
]);
export type GatesProgressEvent = z.infer<typeof GatesProgressEventSchema>;
