export { doctor, formatDoctor } from "./doctor/doctor.js";
export type { Check, CheckStatus, DoctorOptions, DoctorReport } from "./doctor/doctor.js";
export { InternalError, ManagerError, ManagerErrorCode, isManagerError } from "./errors.js";
export type { ManagerErrorOptions } from "./errors.js";
export { listFlows } from "./flows/list.js";
export type { ListOptions, ListedFlow } from "./flows/list.js";
export { readManifest } from "./flows/manifest.js";
export { admitFlow, matchesTags, selectFlows, tagGroups } from "./flows/select.js";
export type { Admission, Selection } from "./flows/select.js";
export { renderComment, parseCommentReport, fingerprintOf } from "./issue/comment.js";
export type { CommentInput } from "./issue/comment.js";
export { redact, secretValues } from "./issue/redact.js";
export { findVerifySections, parseVerifyText, requestedFlows } from "./issue/verify-section.js";
export type { VerifyField, VerifySection } from "./issue/verify-section.js";
export {
  ticketTracker,
  verifyTicket as verifyIssue,
  verifyTicket,
} from "./ticket/verify-ticket.js";
export type {
  VerifyTicketOptions,
  VerifyTicketOptions as VerifyIssueOptions,
} from "./ticket/verify-ticket.js";
export { verifyBatch } from "./ticket/batch.js";
export type { BatchOptions, BatchResult } from "./ticket/batch.js";
export { formatHistory, formatLoopStatus, formatVerification, table } from "./ticket/format.js";
export { readTicketLog } from "./ticket/verify-log-read.js";
export { buildReport, formatSummary, issueVerdict, verdictOf } from "./run/report.js";
export type { RunVerdict } from "./run/report.js";
export { runFlows, superviseFlows } from "./run/run-flows.js";
export type { RunOptions, SuperviseOptions } from "./run/run-flows.js";
export { silentProgress, stderrProgress } from "./run/progress.js";
export type { ProgressSink } from "./run/progress.js";
export { runChild } from "./supervise/child.js";
export type { ChildOptions, ChildResult, TerminationReason } from "./supervise/child.js";
export { classifyRun } from "./supervise/classify.js";
export { shellQuote, substituteFlow } from "./supervise/shell-quote.js";
export { BdTracker } from "./tracker/bd-tracker.js";
export type { BdTrackerOptions } from "./tracker/bd-tracker.js";
export type {
  Tracker,
  TrackerComment,
  TrackerIssue,
  TrackerListFilter,
  TrackerUpdate,
} from "./tracker/tracker.js";
export { createMcpServer, serveMcp } from "./mcp/server.js";
export type { McpServeOptions } from "./mcp/server.js";
