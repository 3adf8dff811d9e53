import { join } from "node:path";
import {
  IssueVerificationSchema,
  TicketsConfigSchema,
  type FlowOutcome,
  type IssueVerification,
  type Manifest,
  type TicketsConfig,
  type VerifyLogEntry,
} from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import type { EarlyList } from "../flows/early-list.js";
import { readManifest } from "../flows/manifest.js";
import { redact, secretValues } from "../redact.js";
import { buildReport } from "../run/report.js";
import type { SuperviseOptions } from "../run/run-flows.js";
import { BdTracker } from "../tracker/bd-tracker.js";
import type { Tracker, TrackerIssue } from "../tracker/tracker.js";
import { applyDecision, isApplied } from "./apply/apply.js";
import { collectEvidence } from "./collect/collect.js";
import { countedSinceEscalation, decide } from "./decide/decide.js";
import { NEEDS_HUMAN_LABEL } from "./report/ticket-comment.js";
import { treeHash } from "./record/tree-hash.js";
import {
  appendLogEntry,
  formatLogProblems,
  LOG_FILE,
  readLog,
  ticketHistory,
} from "./record/verify-log.js";

export interface VerifyTicketOptions extends SuperviseOptions {
  dir: string;
  id: string;
  dryRun?: boolean | undefined;
  tracker?: Tracker | undefined;
  /** A `--list` the caller started before loading the contract (see early-list.ts). */
  early?: EarlyList | null | undefined;
  /** Overrides the manifest's tickets.retry_budget. */
  retryBudget?: number | undefined;
  /** Batch resume: the attempt a killed run had started; finish it rather than start another. */
  attempt?: number | undefined;
  /** Called with the attempt number before anything is run or written for it. */
  onAttempt?: ((attempt: number) => void | Promise<void>) | undefined;
  /** Where one-line warnings go (a torn log line); stderr by default. */
  warn?: ((line: string) => void) | undefined;
}

const ISSUE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** The bd write a killed manager left running; the next one waits for it. */
export const PENDING_WRITE_FILE = ".verify/.tracker-write.json";
const warned = new Set<string>();

/** bd for the ticket loop: writes a killed run left running are waited for before reading. */
export function ticketTracker(dir: string, env: NodeJS.ProcessEnv): Tracker {
  return new BdTracker({ cwd: dir, env, pendingWriteFile: join(dir, PENDING_WRITE_FILE) });
}

function loadConfig(dir: string): {
  manifest: Manifest | null;
  manifestError: ManagerError | null;
  config: TicketsConfig;
} {
  try {
    const manifest = readManifest(dir);
    return {
      manifest,
      manifestError: null,
      config: manifest.tickets ?? TicketsConfigSchema.parse({}),
    };
  } catch (error) {
    if (!(error instanceof ManagerError)) throw error;
    // A missing or broken manifest is a setup problem only when a flow needs it.
    if (
      error.code !== ManagerErrorCode.ManifestMissing &&
      error.code !== ManagerErrorCode.ManifestInvalid
    ) {
      throw error;
    }
    return { manifest: null, manifestError: error, config: TicketsConfigSchema.parse({}) };
  }
}

function readHistory(dir: string, ticket: string, warn: (line: string) => void): VerifyLogEntry[] {
  const log = readLog(dir);
  for (const line of formatLogProblems(LOG_FILE, log.problems)) {
    const key = `${dir}\0${line}`;
    if (warned.has(key)) continue;
    warned.add(key);
    warn(`verify-manager: warning: ${line} (ignored)`);
  }
  return ticketHistory(log.entries, ticket);
}

function verdictOf(entry: VerifyLogEntry): "passed" | "failed" | "setup" {
  if (entry.decision === "pass") return "passed";
  return entry.decision === "setup" ? "setup" : "failed";
}

interface Finished {
  entry: VerifyLogEntry;
  history: VerifyLogEntry[];
  outcomes: FlowOutcome[];
  unknownFlows: string[];
  acMet: number;
  resumed: boolean;
}

async function finish(
  options: VerifyTicketOptions,
  tracker: Tracker,
  issue: TrackerIssue,
  budget: number,
  done: Finished,
): Promise<IssueVerification> {
  const env = options.env ?? process.env;
  const secrets = secretValues(env);
  const { entry, history } = done;
  const input = {
    entry,
    history,
    retryBudget: budget,
    countedFailures: countedSinceEscalation(history) + (entry.counted ? 1 : 0),
    outcomes: done.outcomes,
    unknownFlows: done.unknownFlows,
    secrets,
  };
  const isDryRun = options.dryRun === true;
  let comment: string;
  let reason: string | null = null;
  if (isDryRun) {
    const { ticketComment, closeReason } = await import("./report/ticket-comment.js");
    comment = ticketComment(input);
    if (entry.decision === "pass") reason = closeReason(entry, done.acMet, secrets);
  } else {
    const applied = await applyDecision({
      ...input,
      dir: options.dir,
      tracker,
      issue,
      acMet: done.acMet,
    });
    comment = applied.comment;
    reason = applied.closeReason;
  }
  const action =
    entry.decision === "pass"
      ? "closed"
      : entry.decision === "escalate"
        ? "escalated"
        : entry.same_as_previous
          ? "still_failing"
          : "commented";
  return IssueVerificationSchema.parse({
    schema_version: 1,
    issue: issue.id,
    verdict: verdictOf(entry),
    action,
    dry_run: isDryRun,
    flows: entry.flows_run,
    comment: entry.decision === "pass" ? null : redact(comment, secrets),
    close_reason: reason,
    report: done.outcomes.length > 0 ? buildReport(done.outcomes) : null,
    attempt: entry.attempt,
    decision: entry.decision,
    resumed: done.resumed,
    entry,
  });
}

function waitingForHuman(issue: TrackerIssue, last: VerifyLogEntry): IssueVerification {
  return IssueVerificationSchema.parse({
    schema_version: 1,
    issue: issue.id,
    verdict: "failed",
    action: "none",
    dry_run: false,
    flows: last.flows_run,
    comment: null,
    close_reason: null,
    report: null,
    attempt: last.attempt,
    decision: "escalate",
    resumed: false,
    entry: last,
  });
}

/**
 * `verify-manager issue <id>`: one verification attempt of a ticket, decided from evidence
 * and the verify log — close, send back with the failure context, or escalate to a human.
 * Killed at any moment, running it again finishes the attempt without repeating a change.
 */
export async function verifyTicket(options: VerifyTicketOptions): Promise<IssueVerification> {
  try {
    return await verifyTicketOnce(options);
  } finally {
    options.early?.cancel();
  }
}

async function verifyTicketOnce(options: VerifyTicketOptions): Promise<IssueVerification> {
  if (!ISSUE_ID.test(options.id)) {
    throw new ManagerError(
      ManagerErrorCode.UsageError,
      `not an issue id: ${JSON.stringify(options.id)}`,
    );
  }
  const env = options.env ?? process.env;
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tracker = options.tracker ?? ticketTracker(options.dir, env);
  const issue = await tracker.show(options.id);
  const { manifest, manifestError, config } = loadConfig(options.dir);
  const budget = options.retryBudget ?? config.retry_budget;
  const history = readHistory(options.dir, issue.id, warn);
  const last = history[history.length - 1];
  const before = (entry: VerifyLogEntry) => history.filter((e) => e.attempt < entry.attempt);
  const resume = (entry: VerifyLogEntry) =>
    finish(options, tracker, issue, budget, {
      entry,
      history: before(entry),
      outcomes: [],
      unknownFlows: [],
      acMet: 0,
      resumed: true,
    });

  // A killed run logged its attempt but may not have told the tracker: finish that first.
  const started =
    options.attempt === undefined ? undefined : history.find((e) => e.attempt === options.attempt);
  if (started && !options.dryRun) {
    options.early?.cancel();
    await options.onAttempt?.(started.attempt);
    return resume(started);
  }
  if (last && !options.dryRun && !isApplied(last, issue)) {
    options.early?.cancel();
    await options.onAttempt?.(last.attempt);
    return resume(last);
  }
  if (last?.decision === "escalate" && issue.labels.includes(NEEDS_HUMAN_LABEL)) {
    options.early?.cancel();
    return waitingForHuman(issue, last);
  }

  const attempt = (last?.attempt ?? 0) + 1;
  const tree = await treeHash(options.dir);
  const collected = await collectEvidence({
    ...options,
    issue,
    manifest,
    manifestError,
    config,
  });
  if (options.signal?.aborted) {
    // An interrupted run says nothing about the ticket: no log line, no tracker change.
    throw new ManagerError(
      ManagerErrorCode.Interrupted,
      `interrupted: issue ${issue.id} left unchanged`,
    );
  }
  const entry = decide({
    ticket: issue.id,
    attempt,
    timestamp: new Date().toISOString(),
    treeHash: tree,
    type: issue.type,
    retryBudget: budget,
    history,
    evidence: collected.evidence,
  });
  const done: Finished = {
    entry,
    history,
    outcomes: collected.outcomes,
    unknownFlows: collected.unknownFlows,
    acMet: collected.acMet,
    resumed: false,
  };
  if (issue.status === "closed") {
    // A closed ticket is only reported on: no attempt is logged and nothing is posted.
    return IssueVerificationSchema.parse({
      ...(await finish({ ...options, dryRun: true }, tracker, issue, budget, done)),
      dry_run: options.dryRun === true,
      action: "none",
      close_reason: issue.closeReason,
    });
  }
  if (!options.dryRun) {
    // The batch records the attempt before it is logged: a kill after this is resumed, not redone.
    await options.onAttempt?.(attempt);
    appendLogEntry(options.dir, entry);
  }
  return finish(options, tracker, issue, budget, done);
}
