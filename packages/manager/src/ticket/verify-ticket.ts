import type { FlowOutcome, IssueVerification, VerifyLogEntry } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import { FlowCatalog } from "../flows/catalog.js";
import { writeStderr } from "../output.js";
import { redact, secretValues } from "../redact.js";
import type { SuperviseOptions } from "../run/run-flows.js";
import type { Tracker, TrackerIssue } from "../tracker/tracker.js";
import { applyDecision } from "./apply/apply.js";
import { collect } from "./collect/collect.js";
import { agentEscalation } from "./decide/agent-loop.js";
import { countedSinceEscalation, decide } from "./decide/decide.js";
import { ticketsConfig } from "./load/config.js";
import { blockedReason } from "./load/blockers.js";
import { assertIssueId, loadTicket } from "./load/load.js";
import { treeHash } from "./record/tree-hash.js";
import { appendLogEntry } from "./record/verify-log.js";
import { attemptTexts, type AttemptTexts } from "./report/ticket-comment.js";
import { buildVerification, type VerificationMode } from "./report/verification.js";
import { ticketTracker } from "./ticket-tracker.js";
import type { FileLayer } from "./trust/file-layer.js";
import { signingKey } from "./trust/key.js";
import { commentMac } from "./trust/own-comment.js";
import { preflightWrites } from "./trust/preflight.js";
import { lockTicket } from "./trust/ticket-lock.js";

export { PENDING_WRITE_FILE, ticketTracker } from "./ticket-tracker.js";

export interface VerifyTicketOptions extends SuperviseOptions {
  dir: string;
  id: string;
  dryRun?: boolean | undefined;
  tracker?: Tracker | undefined;
  /** The project's manifest and `--list`; made here when absent. */
  catalog?: FlowCatalog | undefined;
  /** Overrides the manifest's tickets.retry_budget. */
  retryBudget?: number | undefined;
  /** Batch resume: the attempt a killed run had started; finish it rather than start another. */
  attempt?: number | undefined;
  /** Called with the attempt number before anything is run or written for it. */
  onAttempt?: ((attempt: number) => void | Promise<void>) | undefined;
  /** Where one-line warnings go (a torn log line); stderr by default. */
  warn?: ((line: string) => void) | undefined;
  /** The writes to the log (tests make them fail like a full disk). */
  files?: FileLayer | undefined;
  /** The manager's agent asks for a human (`issue --escalate`, MCP `escalate_issue`): nothing is verified. */
  escalate?: string | undefined;
  /** A batch: a ticket an open dependency blocks is not verified (ManagerError ticket_blocked). */
  skipBlocked?: boolean | undefined;
}

/** A new attempt of a ticket that waits on open dependencies would verify unfinished work. */
function assertUnblocked(issue: TrackerIssue): void {
  const reason = blockedReason(issue);
  if (reason !== null) throw new ManagerError(ManagerErrorCode.TicketBlocked, reason);
}

interface Context {
  options: VerifyTicketOptions;
  tracker: Tracker;
  catalog: FlowCatalog;
  budget: number;
  secrets: string[];
  dryRun: boolean;
  /** Signs the log and the manager's comments; kept in the user's state folder. */
  key: Buffer;
}

interface Decided {
  issue: TrackerIssue;
  entry: VerifyLogEntry;
  history: readonly VerifyLogEntry[];
  outcomes: readonly FlowOutcome[];
  unknownFlows: readonly string[];
  acMet: number;
  resumed: boolean;
}

/** What the attempt posts on the ticket, from the decided entry. */
function textsOf(ctx: Context, done: Decided): AttemptTexts {
  const { entry, history, issue } = done;
  return attemptTexts(
    {
      entry,
      history,
      retryBudget: ctx.budget,
      countedFailures: countedSinceEscalation(history) + (entry.counted ? 1 : 0),
      outcomes: done.outcomes,
      unknownFlows: done.unknownFlows,
      secrets: ctx.secrets,
      mac: commentMac(ctx.key, entry),
      root: ctx.options.dir,
    },
    issue.title,
    done.acMet,
  );
}

/** The longest comment kept in the log line (a whole outcomes block can be large). */
const MAX_LOGGED_COMMENT = 20_000;

/** The log line also keeps the ticket's title and the comment posted, for the HTML report. */
function withPosted(entry: VerifyLogEntry, title: string, texts: AttemptTexts): VerifyLogEntry {
  const comment =
    texts.comment.length > MAX_LOGGED_COMMENT
      ? `${texts.comment.slice(0, MAX_LOGGED_COMMENT)}\n… (cut: the whole comment is on the ticket)`
      : texts.comment;
  return { ...entry, title, comment };
}

/** apply → report: post what the attempt decided (unless a dry run) and say what was done. */
async function applyAndReport(
  ctx: Context,
  done: Decided,
  mode: VerificationMode,
): Promise<IssueVerification> {
  const { entry, issue } = done;
  const texts = textsOf(ctx, done);
  const isApplying = mode === "attempt" && !ctx.dryRun;
  const applied = isApplying
    ? await applyDecision({
        dir: ctx.options.dir,
        tracker: ctx.tracker,
        issue,
        entry,
        texts,
        key: ctx.key,
      })
    : null;
  return buildVerification({
    issue,
    entry,
    mode,
    dryRun: ctx.dryRun,
    comment: redact(texts.comment, ctx.secrets),
    closeReason: applied ? applied.closeReason : texts.closeReason,
    outcomes: done.outcomes,
    resumed: done.resumed,
  });
}

/** collect → decide → record: one new attempt of the ticket. */
async function attempt(
  ctx: Context,
  issue: TrackerIssue,
  number: number,
  history: VerifyLogEntry[],
): Promise<IssueVerification> {
  const { options } = ctx;
  const tree = await treeHash(options.dir);
  const config = ticketsConfig(ctx.catalog);
  const evidence =
    options.escalate === undefined
      ? await collect({ ...options, issue, config, catalog: ctx.catalog })
      : agentEscalation(options.escalate);
  if (options.signal?.aborted) {
    // An interrupted run says nothing about the ticket: no log line, no tracker change.
    throw new ManagerError(
      ManagerErrorCode.Interrupted,
      `interrupted: issue ${issue.id} left unchanged`,
    );
  }
  const entry = decide({
    ticket: issue.id,
    attempt: number,
    timestamp: new Date().toISOString(),
    treeHash: tree,
    type: issue.type,
    retryBudget: ctx.budget,
    flakyThreshold: config.flaky_threshold,
    history,
    evidence,
  });
  const done: Decided = { issue, entry, history, ...evidence, resumed: false };
  // A closed ticket is only reported on: no attempt is logged and nothing is posted.
  if (issue.status === "closed") return applyAndReport(ctx, done, "report_only");
  if (!ctx.dryRun) {
    // The batch records the attempt before it is logged: a kill after this is resumed, not redone.
    await options.onAttempt?.(number);
    appendLogEntry(options.dir, withPosted(entry, issue.title, textsOf(ctx, done)), {
      key: ctx.key,
      files: options.files,
    });
  }
  return applyAndReport(ctx, done, "attempt");
}

/**
 * `verify-manager issue <id>`: one verification attempt of a ticket, decided from evidence
 * and the verify log — close, send back with the failure context, or escalate to a human.
 * Killed at any moment, running it again finishes the attempt without repeating a change.
 * The pipeline: load → collect → decide → record → apply → report.
 */
export async function verifyTicket(options: VerifyTicketOptions): Promise<IssueVerification> {
  const env = options.env ?? process.env;
  const dryRun = options.dryRun === true;
  assertIssueId(options.id);
  const key = signingKey({ env, dir: options.dir, create: true }) as Buffer;
  // A dry run writes nothing: it needs neither the lock nor writable files.
  if (!dryRun) preflightWrites(options.dir);
  const unlock = dryRun ? () => {} : lockTicket(env, options.dir, options.id);
  let catalog: FlowCatalog;
  try {
    catalog = options.catalog ?? new FlowCatalog({ ...options, env });
  } catch (error) {
    unlock();
    throw error;
  }
  try {
    const ctx: Context = {
      options,
      tracker: options.tracker ?? ticketTracker(options.dir, env),
      catalog,
      budget: options.retryBudget ?? ticketsConfig(catalog).retry_budget,
      secrets: secretValues(env),
      dryRun,
      key,
    };
    const loaded = await loadTicket({
      dir: options.dir,
      id: options.id,
      tracker: ctx.tracker,
      dryRun: ctx.dryRun,
      attempt: options.attempt,
      warn: options.warn ?? writeStderr,
      key,
    });
    if (loaded.kind === "waiting") {
      const parts = { comment: null, closeReason: null, outcomes: [], resumed: false };
      return buildVerification({
        ...parts,
        issue: loaded.issue,
        entry: loaded.last,
        mode: "waiting",
        dryRun: false,
      });
    }
    if (loaded.kind === "resume") {
      await options.onAttempt?.(loaded.entry.attempt);
      const done = { ...loaded, outcomes: [], unknownFlows: [], acMet: 0, resumed: true };
      return await applyAndReport(ctx, done, "attempt");
    }
    if (options.skipBlocked) assertUnblocked(loaded.issue);
    return await attempt(ctx, loaded.issue, loaded.attempt, loaded.history);
  } finally {
    if (catalog !== options.catalog) catalog.close();
    unlock();
  }
}
