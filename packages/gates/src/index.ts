export { runGates, VERSION } from "./run.js";
export type { GatesOptions, GatesRun } from "./run.js";
export { checkDeliverable } from "./deliverable.js";
export type { DeliverableOptions, DeliverableResult } from "./deliverable.js";
export { GatesError, GatesErrorCode, InternalError } from "./errors.js";
export { renderSummary, MAX_SUMMARY_LINES } from "./summary.js";
