import type { ToolSpec } from "./tool-spec.js";
import { listFlows, runFlows } from "./tools-flows.js";
import { checkDeliverable, runGates } from "./tools-gates.js";
import { doctorTool, escalateIssue, issueLog, planIssues, verifyIssue } from "./tools-tickets.js";

export type { ToolSpec } from "./tool-spec.js";

/** Every tool the server lists, in the order a manager agent tends to use them. */
export const TOOLS: readonly ToolSpec<never>[] = [
  listFlows,
  runFlows,
  planIssues,
  verifyIssue,
  escalateIssue,
  issueLog,
  runGates,
  checkDeliverable,
  doctorTool,
];
