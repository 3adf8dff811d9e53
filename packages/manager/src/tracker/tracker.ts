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
  /** Oldest first. */
  comments: TrackerComment[];
}

/** The manager's whole view of an issue tracker; other trackers implement the same three calls. */
export interface Tracker {
  readonly name: string;
  show(id: string): Promise<TrackerIssue>;
  comment(id: string, text: string): Promise<void>;
  close(id: string, reason: string): Promise<void>;
}
