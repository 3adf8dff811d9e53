import { ManagerError, ManagerErrorCode } from "../../src/errors.js";
import type {
  Tracker,
  TrackerIssue,
  TrackerListFilter,
  TrackerUpdate,
} from "../../src/tracker/tracker.js";

export interface NewIssue {
  title?: string;
  description?: string;
  acceptanceCriteria?: string;
  notes?: string;
  type?: string;
  status?: string;
  labels?: string[];
  closeReason?: string | null;
  /** The epic this issue is a child of. */
  parent?: string;
  /** Issues this one waits on (bd: `blocks` dependencies); open ones block it. */
  blockedBy?: string[];
}

/**
 * The Tracker interface over a map: the ticket loop's decision branches are tested against it;
 * bd itself has its own end-to-end tests. Every write is recorded in `writes`.
 */
export class MemoryTracker implements Tracker {
  readonly name = "memory";
  readonly writes: string[] = [];
  private readonly issues = new Map<string, TrackerIssue>();
  private readonly parents = new Map<string, string>();
  private readonly blockers = new Map<string, string[]>();
  private next = 1;

  create(spec: NewIssue = {}): string {
    const id = `m-${this.next++}`;
    if (spec.parent !== undefined) this.parents.set(id, spec.parent);
    if (spec.blockedBy !== undefined) this.blockers.set(id, [...spec.blockedBy]);
    this.issues.set(id, {
      id,
      title: spec.title ?? id,
      status: spec.status ?? "open",
      description: spec.description ?? "",
      acceptanceCriteria: spec.acceptanceCriteria ?? "",
      notes: spec.notes ?? "",
      closeReason: spec.closeReason ?? null,
      type: spec.type ?? "task",
      labels: [...(spec.labels ?? [])],
      statusMarker: null,
      comments: [],
    });
    return id;
  }

  /** A human (or the worker) edits the issue. */
  edit(id: string, change: Partial<TrackerIssue>): void {
    Object.assign(this.get(id), change);
  }

  /** The issue as stored (a copy). */
  issue(id: string): TrackerIssue {
    return structuredClone(this.get(id));
  }

  comments(id: string): string[] {
    return this.get(id).comments.map((c) => c.text);
  }

  async show(id: string): Promise<TrackerIssue> {
    const blockers = this.blockers.get(id) ?? [];
    const open = blockers.filter((other) => this.issues.get(other)?.status !== "closed");
    return { ...this.issue(id), openBlockers: open };
  }

  async comment(id: string, text: string): Promise<void> {
    this.writes.push(`comment ${id}`);
    const at = new Date(Date.now() + this.get(id).comments.length).toISOString();
    this.get(id).comments.push({ author: "verify-manager", text, createdAt: at });
  }

  async close(id: string, reason: string): Promise<void> {
    this.writes.push(`close ${id}`);
    Object.assign(this.get(id), { status: "closed", closeReason: reason });
  }

  async update(id: string, change: TrackerUpdate): Promise<void> {
    this.writes.push(`update ${id}`);
    const issue = this.get(id);
    if (change.status !== undefined) issue.status = change.status;
    for (const label of change.addLabels ?? []) {
      if (!issue.labels.includes(label)) issue.labels.push(label);
    }
    if (change.marker !== undefined) issue.statusMarker = change.marker;
  }

  async list(filter: TrackerListFilter): Promise<string[]> {
    const statuses = filter.status.split(",");
    const ids = [...this.issues.values()]
      .filter((i) => filter.status === "all" || statuses.includes(i.status))
      .filter((i) => filter.labels.every((label) => i.labels.includes(label)))
      .filter((i) => filter.parent === undefined || this.parents.get(i.id) === filter.parent)
      .map((i) => i.id);
    return filter.limit > 0 ? ids.slice(0, filter.limit) : ids;
  }

  private get(id: string): TrackerIssue {
    const issue = this.issues.get(id);
    if (!issue) {
      throw new ManagerError(ManagerErrorCode.BdFailed, `no issue found matching "${id}"`);
    }
    return issue;
  }
}
