import type { BatchPlan, BatchPlanTicket, TicketsConfig } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { FlowCatalog } from "../../flows/catalog.js";
import type { Tracker } from "../../tracker/tracker.js";
import { parseAcceptance } from "../collect/acceptance.js";
import { planAttempt } from "../collect/plan.js";
import { blockedReason } from "../load/blockers.js";
import { ticketsConfig } from "../load/config.js";
import { routeTicket } from "../route/route.js";
import { expandIds, type SelectedTicket } from "./select-ids.js";
import { readLoopStatus } from "./loop-status-file.js";

export interface PlanBatchInput {
  dir: string;
  tracker: Tracker;
  catalog: FlowCatalog;
  /** Ids and epics named on the command line; empty: bd's list selects. */
  ids: readonly string[];
  labels: readonly string[];
  status: string;
  limit: number;
  restart: boolean;
  dryRun: boolean;
}

/** What one ticket's attempt will run, worked out like the attempt itself does, running nothing. */
async function planTicket(
  input: Pick<PlanBatchInput, "dir" | "catalog">,
  config: TicketsConfig,
  { issue, epic }: SelectedTicket,
): Promise<BatchPlanTicket> {
  const routed = routeTicket(issue);
  const base = { id: issue.id, title: issue.title, type: issue.type, status: issue.status, epic };
  // The batch leaves a ticket an open dependency blocks alone: that is its problem first.
  const blocked = blockedReason(issue);
  const criteria = parseAcceptance(issue.acceptanceCriteria).length;
  if (routed.route === "deliverable") {
    const deliverable = { flows: [], gates: false, criteria, deliverable: routed.file };
    return { ...base, route: "deliverable", ...deliverable, problem: blocked ?? routed.problem };
  }
  try {
    const { plan, setupError } = await planAttempt({ ...input, issue, config });
    const planned = { flows: plan.flows, gates: plan.wantsGates, criteria: plan.items.length };
    return {
      ...base,
      route: "code",
      ...planned,
      deliverable: null,
      problem: blocked ?? setupError,
    };
  } catch (error) {
    if (!(error instanceof ManagerError) || error.code !== ManagerErrorCode.NoVerifySection)
      throw error;
    const nothing = { flows: [], gates: false, criteria, deliverable: null };
    return { ...base, route: "code", ...nothing, problem: blocked ?? error.message };
  }
}

/** A batch resumed from its status file runs what that file has left; a done one starts anew. */
function resumable(input: PlanBatchInput): string[] | null {
  if (input.restart) return null;
  let existing;
  try {
    existing = readLoopStatus(input.dir);
  } catch {
    return null; // verifyBatch reports an unreadable file itself
  }
  if (existing === null) return null;
  // verifyBatch keeps a done bd-list batch as it is, and starts a done batch of named ids anew.
  if (existing.state === "done") return input.ids.length > 0 ? null : [];
  return existing.tickets
    .filter((t) => t.state === "pending" || t.state === "running")
    .map((t) => t.id);
}

/** The tickets by id, shown from bd unless already known (an expanded epic's children are). */
export async function showAll(
  tracker: Tracker,
  ids: readonly string[],
  known: ReadonlyMap<string, SelectedTicket> = new Map(),
): Promise<SelectedTicket[]> {
  const unknown = ids.filter((id) => !known.has(id));
  const shown = new Map<string, SelectedTicket>();
  if (tracker.showMany && unknown.length > 1) {
    const issues = await tracker.showMany(unknown);
    issues.forEach((issue, i) => shown.set(unknown[i] ?? issue.id, { issue, epic: null }));
  }
  const out: SelectedTicket[] = [];
  for (const id of ids) {
    out.push(known.get(id) ?? shown.get(id) ?? { issue: await tracker.show(id), epic: null });
  }
  return out;
}

export type PlanInput = Pick<
  PlanBatchInput,
  "dir" | "catalog" | "ids" | "labels" | "status" | "limit" | "dryRun"
>;

/** The plan object for tickets about to run (or that would run). */
export async function planTickets(
  input: PlanInput,
  tickets: readonly SelectedTicket[],
  resumed: boolean,
): Promise<BatchPlan> {
  const config = ticketsConfig(input.catalog);
  const planned: BatchPlanTicket[] = [];
  for (const ticket of tickets) planned.push(await planTicket(input, config, ticket));
  return {
    schema_version: 1,
    dry_run: input.dryRun,
    resumed,
    selection: {
      ids: [...input.ids],
      labels: [...input.labels],
      status: input.status,
      limit: input.limit,
    },
    tickets: planned,
  };
}

/**
 * `--dry-run`: what `verify-manager issues` would run, worked out the way a run does (named
 * ids checked, epics expanded, a status file resumed) without taking the lock, running a
 * ticket or writing anything. Reads bd and runs the runner's `--list`.
 */
export async function planBatch(input: PlanBatchInput): Promise<BatchPlan> {
  const left = resumable(input);
  let selected: SelectedTicket[] = [];
  if (input.ids.length > 0) {
    // Named ids are checked even when a batch resumes: a typo must not pass silently.
    selected = await expandIds(input.tracker, input.ids, input.status);
  } else if (left === null) {
    selected = await showAll(input.tracker, await input.tracker.list(input));
  }
  const known = new Map(selected.map((s) => [s.issue.id, s]));
  const running = left === null ? selected : await showAll(input.tracker, left, known);
  return planTickets(input, running, left !== null);
}
