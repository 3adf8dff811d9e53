export interface TrackerComment {
  author: string;
  text: string;
  createdAt: string;
}

export interface TrackerIssue {
  id: string;
  title: string;
  status: string;
  description: string;
  acceptanceCriteria: string;
  notes: string;
  closeReason: string | null;
  /** bug, task, feature... */
  type: string;
  labels: string[];
  /** The attempt marker the manager left with its last status change, if any. */
  statusMarker: string | null;
  /** Oldest first. */
  comments: TrackerComment[];
  /** The open issues this one waits on (bd: `blocks` dependencies not closed); absent when unknown. */
  openBlockers?: string[] | undefined;
}

export interface TrackerListFilter {
  /** Every label must be present. */
  labels: readonly string[];
  /** One status, a comma list, or `all`. */
  status: string;
  /** 0 = no limit. */
  limit: number;
  /** Only the children of this epic (bd: parent-child dependencies). */
  parent?: string | undefined;
}

export interface TrackerUpdate {
  status?: string | undefined;
  addLabels?: readonly string[] | undefined;
  /** Stored with the change (bd: metadata `verify_manager_attempt`), in the same write. */
  marker?: string | undefined;
}

/** The manager's whole view of an issue tracker; other trackers implement the same calls. */
export interface Tracker {
  readonly name: string;
  show(id: string): Promise<TrackerIssue>;
  /** Optional: several issues at once, as `show` gives each (in the order asked). */
  showMany?(ids: readonly string[]): Promise<TrackerIssue[]>;
  comment(id: string, text: string): Promise<void>;
  close(id: string, reason: string): Promise<void>;
  update(id: string, change: TrackerUpdate): Promise<void>;
  /** Issue ids matching the filter, in the tracker's order. */
  list(filter: TrackerListFilter): Promise<string[]>;
}
