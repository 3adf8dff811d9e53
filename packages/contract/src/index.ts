export { FLOW_NAME_PATTERN, FlowNameSchema, isFlowName } from "./names.js";
export {
  BrowserConfigSchema,
  ManifestFlowSchema,
  ManifestSchema,
  WebServerSchema,
  TicketsConfigSchema,
  DEFAULT_STATIC_PORT,
  MAX_TIMEOUT_S,
  staticServerUrl,
  staticWebServer,
} from "./manifest.js";
export type {
  BrowserConfig,
  Manifest,
  ManifestFlow,
  StaticWebServer,
  TicketsConfig,
  WebServer,
} from "./manifest.js";
export { BrowserServerInfoSchema } from "./browser-server.js";
export type { BrowserServerInfo } from "./browser-server.js";
export { FlowListEntrySchema, FlowListInputSchema, FlowListSchema } from "./flow-list.js";
export type { FlowList, FlowListEntry, FlowListInput } from "./flow-list.js";
export {
  ArtifactsSchema,
  EXIT_CODE_BY_STATUS,
  RUN_ERROR_CODES,
  RUN_STATUSES,
  RunErrorCodeSchema,
  RunResultInputSchema,
  RunResultSchema,
  RunStatusSchema,
  STEP_STATUSES,
  StepResultSchema,
  CodeLocationSchema,
  StepStatusSchema,
} from "./run-result.js";
export type {
  Artifacts,
  RunErrorCode,
  RunResult,
  RunResultInput,
  RunStatus,
  StepResult,
  StepStatus,
  CodeLocation,
} from "./run-result.js";
export {
  FlowOutcomeSchema,
  OUTCOMES,
  OutcomeKindSchema,
  ReportShardSchema,
  RunMetaSchema,
  RunReportSchema,
} from "./outcome.js";
export type { FlowOutcome, OutcomeKind, ReportShard, RunMeta, RunReport } from "./outcome.js";
export { ConfigError, ContractErrorCode } from "./errors.js";
export type { ConfigErrorDetails } from "./errors.js";
export { formatPath, parseYamlConfig, readYamlConfig } from "./yaml-config.js";
export { controlCharacterProblem } from "./config-file.js";
export { MANIFEST_PATH, loadManifest, manifestPath, parseManifest } from "./load-manifest.js";
export { JSON_SCHEMAS } from "./json-schemas.js";
export {
  GATES_MODES,
  GatesCommandsSchema,
  GatesConfigSchema,
  GatesJudgeSchema,
  GatesModeSchema,
  GatesTestsSchema,
  StageCommandSchema,
} from "./gates-config.js";
export type {
  GatesCommands,
  GatesConfig,
  GatesConfigInput,
  GatesJudge,
  GatesMode,
  GatesTests,
  StageCommand,
} from "./gates-config.js";
export {
  ChangedFileSchema,
  GATE_STAGES,
  GATES_EXIT_CODE_BY_STATUS,
  GATES_STATUSES,
  GateFindingSchema,
  GateStageSchema,
  GatesErrorInfoSchema,
  GatesReportSchema,
  GatesStatusSchema,
  GatesTestsScopeSchema,
  GatesUncheckedSchema,
  JudgeVerdictSchema,
  STAGE_STATUSES,
  StageResultSchema,
  StageStatusSchema,
  GateTestCaseSchema,
  StampInputsSchema,
} from "./gates-report.js";
export type {
  ChangedFile,
  GateFinding,
  GateStage,
  GatesReport,
  GatesStatus,
  GatesTestsScope,
  GatesUnchecked,
  GateTestCase,
  JudgeVerdict,
  StageResult,
  StageStatus,
  StampInputs,
} from "./gates-report.js";
export {
  DeclaredTestChangeSchema,
  GatesOracleSchema,
  ORACLE_ORIGINS,
  TaskTestEntrySchema,
} from "./oracle.js";
export type { DeclaredTestChange, GatesOracle, TaskTestEntry } from "./oracle.js";
export {
  BdCommentInputSchema,
  BdIssueInputSchema,
  ISSUE_ACTIONS,
  ISSUE_COMMENT_KINDS,
  IssueCommentKindSchema,
  IssueCommentOutcomeSchema,
  IssueCommentReportSchema,
  IssueVerificationSchema,
} from "./issue-report.js";
export type {
  BdCommentInput,
  BdIssueInput,
  IssueCommentKind,
  IssueCommentOutcome,
  IssueCommentReport,
  IssueVerification,
} from "./issue-report.js";
export { BrowserCheckSchema } from "./browser-check.js";
export type { BrowserCheck } from "./browser-check.js";
export { BrowserCheckInputSchema } from "./browser-check-input.js";
export type { BrowserCheckInput } from "./browser-check-input.js";
export {
  FailedFlowSchema,
  FailedTestSchema,
  FailuresSchema,
  FlakySchema,
  GateFindingBriefSchema,
  LintErrorSchema,
  TypecheckErrorSchema,
} from "./failures.js";
export type {
  FailedFlow,
  FailedTest,
  Failures,
  Flaky,
  GateFindingBrief,
  LintError,
  TypecheckError,
} from "./failures.js";
export {
  GatesSummarySchema,
  LOOP_TICKET_STATES,
  LoopStatusSchema,
  LoopTicketSchema,
  LoopTicketStateSchema,
  VERIFY_DECISIONS,
  VerifyDecisionSchema,
  TicketLogSchema,
  VerifyLogEntrySchema,
} from "./verify-log.js";
export type {
  GatesSummary,
  LoopStatus,
  LoopTicket,
  LoopTicketState,
  VerifyDecision,
  TicketLog,
  VerifyLogEntry,
} from "./verify-log.js";
export { InitReportSchema } from "./init-report.js";
export type { InitReport } from "./init-report.js";
export {
  CheckDeliverableToolInputSchema,
  DoctorToolInputSchema,
  EscalateIssueToolInputSchema,
  IssueLogToolInputSchema,
  ListFlowsToolInputSchema,
  PlanIssuesToolInputSchema,
  RunFlowsToolInputSchema,
  RunGatesToolInputSchema,
  TicketIdSchema,
  VerifyIssueToolInputSchema,
} from "./mcp-tools.js";
export type {
  CheckDeliverableToolInput,
  EscalateIssueToolInput,
  IssueLogToolInput,
  PlanIssuesToolInput,
  RunFlowsToolInput,
  RunGatesToolInput,
  VerifyIssueToolInput,
} from "./mcp-tools.js";
export {
  GatesProgressEventSchema,
  GatesStageEndEventSchema,
  GatesStageStartEventSchema,
} from "./gates-progress.js";
export type { GatesProgressEvent } from "./gates-progress.js";
export {
  DELIVERABLE_RULES,
  DeliverableFindingSchema,
  DeliverableResultSchema,
} from "./deliverable.js";
export type { DeliverableFinding, DeliverableResult } from "./deliverable.js";
export { ListedFlowOutputSchema, ListOutputSchema } from "./list-output.js";
export type { ListedFlowOutput, ListOutput } from "./list-output.js";
export {
  CHECK_STATUSES,
  CheckStatusSchema,
  DoctorCheckSchema,
  DoctorReportSchema,
} from "./doctor-report.js";
export type { CheckStatus, DoctorCheck, DoctorReport } from "./doctor-report.js";
export {
  AggregatedVerdictSchema,
  CRITERION_STATUSES,
  CriterionResultSchema,
  CriterionSchema,
  CriterionStatusSchema,
  JudgeVerdictBlockSchema,
  VERDICT_DECISIONS,
  VerdictDecisionSchema,
} from "./verdict.js";
export type {
  AggregatedVerdict,
  Criterion,
  CriterionResult,
  CriterionStatus,
  JudgeVerdictBlock,
  VerdictDecision,
} from "./verdict.js";
export { CrapFunctionSchema, CrapReportSchema } from "./crap-report.js";
export type { CrapFunction, CrapReport } from "./crap-report.js";
export {
  AgentLoopBriefSchema,
  AgentLoopLogEntrySchema,
  AgentLoopSchema,
  HookAnswerSchema,
  LOOP_CAPS,
  LOOP_ENDERS,
  LOOP_STATES,
  LoopCapSchema,
  LoopEnderSchema,
  LoopStateSchema,
  SESSION_ID_PATTERN,
  SessionRecordSchema,
  StopHookPayloadSchema,
} from "./agent-loop.js";
export type {
  AgentLoop,
  AgentLoopBrief,
  AgentLoopLogEntry,
  HookAnswer,
  LoopCap,
  LoopEnder,
  LoopState,
  SessionRecord,
  StopHookPayload,
} from "./agent-loop.js";
export {
  BatchPlanSchema,
  BatchPlanTicketSchema,
  TICKET_ROUTES,
  TicketRouteSchema,
} from "./batch-plan.js";
export type { BatchPlan, BatchPlanTicket, TicketRoute } from "./batch-plan.js";
export {
  CitationCheckSchema,
  DELIVERABLE_KINDS,
  DeliverableKindSchema,
  DeliverableReviewSchema,
  RUBRIC_ITEMS,
  RubricItemResultSchema,
} from "./deliverable.js";
export type {
  CitationCheck,
  DeliverableKind,
  DeliverableReview,
  RubricItemResult,
} from "./deliverable.js";
export {
  extractCitations,
  checkCitation,
  isFabricated,
  NAMES_NOTHING,
  readRepoText,
  repoLines,
} from "./deliverable-citations.js";
export type { Citation, ReadLines } from "./deliverable-citations.js";
export { contentLines, findings as deliverableFindings, sections } from "./deliverable-document.js";
export { inferDeliverableKind, unknownKindReason } from "./deliverable-kind.js";
export type { Finding as DocumentFinding, Section } from "./deliverable-document.js";
export {
  MIN_DISCOVERY_FINDINGS,
  MIN_LINES,
  isVague,
  reviewDeliverable,
} from "./deliverable-rubric.js";
export type { ReviewInput } from "./deliverable-rubric.js";
export {
  PRODUCT_FILES,
  PRODUCT_GITIGNORE_LINES,
  isProductFile,
  productFileGlobs,
} from "./product-files.js";
export type { ProductFile, ProductFileWriter } from "./product-files.js";
