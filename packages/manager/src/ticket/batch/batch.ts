import { join } from "node:path";
import type { FlowCatalog } from "../../flows/catalog.js";
import type {
  IssueVerification,
  LoopStatus,
  LoopTicket,
  LoopTicketState,
} from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { SuperviseOptions } from "../../run/run-flows.js";
import type { Tracker } from "../../tracker/tracker.js";
import { removeStaleFiles } from "../../supervise/stale-files.js";
import { acquireBatchLock } from "./batch-lock.js";
import {
  ForeignLoopFileError,
  LoopFileError,
  readLoopStatus,
  writeLoopStatus,
} from "./loop-status-file.js";
import { FILE_FAULTS } from "../trust/fault-codes.js";
import { signingKey } from "../trust/key.js";
import { preflightWrites } from "../trust/preflight.js";
import { failureSummary } from "../report/summary.js";
import { ticketTracker } from "../ticket-tracker.js";
import { verifyTicket } from "../verify-ticket.js";

export interface BatchOptions extends SuperviseOptions {
  dir: string;
  labels: string[];
  status: string;
  limit: number;
  restart: boolean;
  retryBudget?: number | undefined;
  tracker?: Tracker | undefined;
  /** The project's manifest and `--list`, shared by the batch's tickets; made here when absent. */
  catalog?: FlowCatalog | undefined;
  warn?: ((line: string) => void) | undefined;
  /** The ids and epics named on the command line, and what they expanded to (batch-plan.ts). */
  named?: { ids: readonly string[]; tickets: readonly string[] } | undefined;
  /** Called once the batch holds its lock and knows its tickets, before the first one runs. */
  onStart?: ((tickets: readonly LoopTicket[], resumed: boolean) => Promise<void>) | undefined;
}

export interface BatchResult {
  status: LoopStatus | null;
  /** Why the batch stopped and needs a human; null when it ran to the end. */
  halt: string | null;
}

/** Errors that say the tracker cannot be reached: the batch stops rather than blame tickets. */
const TRACKER_DOWN = new Set<string>([
  ManagerErrorCode.BdMissing,
  ManagerErrorCode.BdFailed,
  ManagerErrorCode.BdUnexpectedOutput,
]);

const now = () => new Date().toISOString();

function stateOf(result: IssueVerification): { state: LoopTicketState; reason: string | null } {
  const entry = result.entry ?? null;
  if (result.action === "none" && result.decision === "escalate") {
    return { state: "escalated", reason: "escalated earlier; waiting for a human" };
  }
  if (result.action === "none") {
    // A closed ticket is only reported on; one that no longer verifies needs a human to reopen it.
    if (result.verdict === "passed") return { state: "passed", reason: "already closed" };
    const why = result.entry ? failureSummary(result.entry) : result.verdict;
    return { state: "blocked", reason: `closed, but it no longer verifies: ${why}` };
  }
  const why = entry ? failureSummary(entry) : null;
  switch (result.decision) {
    case "pass":
      return { state: "passed", reason: result.close_reason };
    case "retry":
      return { state: "retry", reason: why };
    case "escalate":
      return { state: "escalated", reason: why };
    case "flaky":
      return { state: "flaky", reason: why };
    default:
      return {
        state: "blocked",
        reason: `setup problem: ${entry?.setup_error ?? why ?? "unknown"}`,
      };
  }
}

class StatusFile {
  constructor(
    private readonly dir: string,
    readonly status: LoopStatus,
    private readonly key: Buffer,
  ) {}

  save(): void {
    this.status.updated_at = now();
    writeLoopStatus(this.dir, this.status, { key: this.key });
  }

  set(ticket: LoopTicket, change: Partial<LoopTicket>): void {
    Object.assign(ticket, change, { updated_at: now() });
    this.save();
  }

  halt(reason: string): BatchResult {
    this.status.state = "halted";
    this.status.halt_reason = reason;
    this.save();
    return { status: this.status, halt: reason };
  }
}

async function select(options: BatchOptions, tracker: Tracker): Promise<string[] | string> {
  if (options.named) {
    const tickets = [...options.named.tickets];
    return tickets.length > 0 ? tickets : "empty selection: the named epics have no open children";
  }
  try {
    const ids = await tracker.list({
      labels: options.labels,
      status: options.status,
      limit: options.limit,
    });
    if (ids.length > 0) return ids;
    const labels = options.labels.length > 0 ? ` with labels ${options.labels.join(", ")}` : "";
    return `empty selection: no tickets with status ${options.status}${labels}`;
  } catch (error) {
    if (error instanceof ManagerError && TRACKER_DOWN.has(error.code)) {
      return `bd unreachable: ${error.message}`;
    }
    throw error;
  }
}

function selectionOf(options: BatchOptions): LoopStatus["selection"] {
  const { labels, status, limit } = options;
  return options.named
    ? { labels, status, limit, ids: [...options.named.ids] }
    : { labels, status, limit };
}

function freshStatus(options: BatchOptions, ids: readonly string[]): LoopStatus {
  const at = now();
  return {
    schema_version: 1,
    state: "running",
    started_at: at,
    updated_at: at,
    selection: selectionOf(options),
    halt_reason: null,
    tickets: ids.map((id) => ({
      id,
      state: "pending",
      attempt: null,
      reason: null,
      updated_at: at,
    })),
  };
}

async function runTickets(
  options: BatchOptions,
  tracker: Tracker,
  file: StatusFile,
): Promise<BatchResult> {
  for (const ticket of file.status.tickets) {
    if (ticket.state !== "pending" && ticket.state !== "running") continue;
    const started = ticket.state === "running" ? (ticket.attempt ?? undefined) : undefined;
    file.set(ticket, { state: "running" });
    options.progress?.note?.(`ticket ${ticket.id}: verifying`);
    let result: IssueVerification;
    try {
      result = await verifyTicket({
        ...options,
        id: ticket.id,
        tracker,
        attempt: started,
        skipBlocked: true,
        onAttempt: (attempt) => {
          if (ticket.attempt !== attempt) file.set(ticket, { attempt });
        },
      });
    } catch (error) {
      if (!(error instanceof ManagerError)) throw error;
      if (TRACKER_DOWN.has(error.code)) return file.halt(`bd unreachable: ${error.message}`);
      // A file the loop needs is unusable: every ticket would fail the same way.
      if (FILE_FAULTS.has(error.code)) throw error;
      if (error.code === ManagerErrorCode.Interrupted) {
        file.halt("interrupted");
        throw error;
      }
      file.set(ticket, { state: "blocked", reason: error.message });
      options.progress?.note?.(`ticket ${ticket.id}: blocked: ${error.message}`);
      continue;
    }
    const { state, reason } = stateOf(result);
    file.set(ticket, { state, reason });
    options.progress?.note?.(
      `ticket ${ticket.id}: ${state}${result.attempt ? ` (attempt ${result.attempt})` : ""}`,
    );
  }
  file.status.state = "done";
  file.status.halt_reason = null;
  file.save();
  return { status: file.status, halt: null };
}

/** A run killed between writing and renaming leaves a temp file; the lock holder clears them. */
function removeStaleTempFiles(dir: string): void {
  const folder = join(dir, ".verify");
  removeStaleFiles(folder, /^loop-status\.json\.(\d+)\.[0-9a-f]+\.tmp$/);
  removeStaleFiles(folder, /^loop\.lock\.(\d+)\.[0-9a-f]+\.(?:tmp|stale)$/);
}

/**
 * `verify-manager issues`: verify the selected tickets one by one, recording every
 * transition in `.verify/loop-status.json`; started again, it resumes where it stopped.
 */
export async function verifyBatch(options: BatchOptions): Promise<BatchResult> {
  const env = options.env ?? process.env;
  const key = signingKey({ env, dir: options.dir, create: true }) as Buffer;
  preflightWrites(options.dir);
  const lock = acquireBatchLock(options.dir);
  if ("heldBy" in lock) {
    return { status: null, halt: `another verify-manager issues is running (pid ${lock.heldBy})` };
  }
  try {
    removeStaleTempFiles(options.dir);
    const tracker = options.tracker ?? ticketTracker(options.dir, env);
    let existing: LoopStatus | null = null;
    try {
      existing = readLoopStatus(options.dir, { key });
    } catch (error) {
      if (!(error instanceof LoopFileError)) throw error;
      if (error instanceof ForeignLoopFileError) {
        // Someone else's status (a forged "done"): never resumed from, replaced by a fresh batch.
        options.warn?.(`verify-manager: warning: ${error.message}; ignored, starting a new batch`);
      } else if (!options.restart) {
        // --restart replaces the file without needing it, as the halt below tells the user.
        return {
          status: null,
          halt: `status file unreadable: ${error.message} (fix or delete it, or pass --restart)`,
        };
      }
    }
    let file: StatusFile;
    let resumed = false;
    // A finished batch of named ids is history: naming ids again starts a new one.
    const isOver = existing?.state === "done" && options.named !== undefined;
    if (existing !== null && !options.restart && !isOver) {
      const asked = selectionOf(options);
      if (JSON.stringify(asked) !== JSON.stringify(existing.selection)) {
        options.warn?.(
          `verify-manager: resuming the batch started ${existing.started_at} (its own selection: ${JSON.stringify(existing.selection)}); pass --restart to select anew`,
        );
      }
      file = new StatusFile(options.dir, existing, key);
      if (existing.state === "done") return { status: existing, halt: null };
      resumed = true;
      file.status.state = "running";
      file.status.halt_reason = null;
      file.save();
    } else {
      const ids = await select(options, tracker);
      if (typeof ids === "string") return { status: existing, halt: ids };
      file = new StatusFile(options.dir, freshStatus(options, ids), key);
      file.save();
    }
    const left = file.status.tickets.filter((t) => t.state === "pending" || t.state === "running");
    await options.onStart?.(left, resumed);
    return await runTickets(options, tracker, file);
  } finally {
    lock.release();
  }
}
