export { doctor, formatDoctor } from "./doctor/doctor.js";
export type { Check, CheckStatus, DoctorOptions, DoctorReport } from "./doctor/doctor.js";
export { InternalError, ManagerError, ManagerErrorCode, isManagerError } from "./errors.js";
export type { ManagerErrorOptions } from "./errors.js";
export { listFlows } from "./flows/list.js";
export type { ListOptions, ListedFlow } from "./flows/list.js";
export { readManifest } from "./flows/manifest.js";
export { admitFlow, matchesTags, selectFlows, tagGroups } from "./flows/select.js";
export type { Admission, Selection } from "./flows/select.js";
export { FlowCatalog } from "./flows/catalog.js";
export type { CatalogOptions } from "./flows/catalog.js";
export { renderComment, parseCommentReport } from "./ticket/report/comment.js";
export type { CommentInput } from "./ticket/report/comment.js";
export { fingerprint, summarize } from "./ticket/failures/failures.js";
export { redact, secretValues } from "./redact.js";
export {
  findVerifySections,
  parseVerifyText,
  requestedFlows,
} from "./ticket/load/verify-section.js";
export type { VerifyField, VerifySection } from "./ticket/load/verify-section.js";
export { ticketTracker, verifyTicket } from "./ticket/verify-ticket.js";
export type { VerifyTicketOptions } from "./ticket/verify-ticket.js";
export { verifyBatch } from "./ticket/batch/batch.js";
export type { BatchOptions, BatchResult } from "./ticket/batch/batch.js";
export {
  formatHistory,
  formatLoopStatus,
  formatVerification,
  table,
} from "./ticket/report/format.js";
export { readTicketLog } from "./ticket/record/verify-log-read.js";
export { buildReport, formatSummary, verdictOf } from "./run/report.js";
export type { RunVerdict } from "./run/report.js";
export { runFlows, superviseFlows } from "./run/run-flows.js";
export { mergeReports } from "./run/merge-reports.js";
export { readReportFile, durationsFrom } from "./run/report-file.js";
export { parseShard, shardFlows } from "./run/shard.js";
export type { Shard } from "./run/shard.js";
export { grepFlows } from "./run/grep.js";
export type { GrepOptions } from "./run/grep.js";
export { autoJobs } from "./run/jobs.js";
export type { Jobs } from "./run/jobs.js";
export { renderJunit } from "./reporters/junit.js";
export { renderHtml } from "./reporters/html.js";
export { writeReporters } from "./reporters/write.js";
export type { ReporterSpec } from "./run/run-args.js";
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
