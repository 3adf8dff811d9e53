import { z } from "zod";

/** Flow names are also used as file names and shell arguments: keep them boring. */
export const FLOW_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}$/;

export const FlowNameSchema = z
  .string({ error: "expected a string" })
  .regex(FLOW_NAME_PATTERN, { error: `expected a name matching ${FLOW_NAME_PATTERN.source}` });

export function isFlowName(value: string): boolean {
  return FLOW_NAME_PATTERN.test(value);
}
