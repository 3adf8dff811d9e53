import { z } from "zod";
import { FLOW_NAME_PATTERN } from "./constants.js";

export { FLOW_NAME_PATTERN, isFlowName } from "./constants.js";

export const FlowNameSchema = z
  .string({ error: "expected a string" })
  .regex(FLOW_NAME_PATTERN, { error: `expected a name matching ${FLOW_NAME_PATTERN.source}` });
