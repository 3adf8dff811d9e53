import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { Tracker, TrackerIssue } from "../../tracker/tracker.js";

const ISSUE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** bd's words for an id it cannot resolve (show: `no issue(s) found matching "<id>"`). */
const NOT_FOUND = /no issues? found matching(?: "([^"]*)")?/i;

export interface SelectedTicket {
  issue: TrackerIssue;
  /** The epic it was expanded from; null when it was named itself. */
  epic: string | null;
}

const byId = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

function unknownId(id: string, why: string): ManagerError {
  return new ManagerError(
    ManagerErrorCode.IssueNotFound,
    `unknown issue id ${JSON.stringify(id)}: ${why}; nothing was run`,
    { hint: "check the id with `bd show <id>` (and BEADS_DIR / the folder bd runs in)" },
  );
}

/** The issue, or the one-line "unknown issue id" error (a malformed id never reaches bd). */
export async function showNamed(tracker: Tracker, id: string): Promise<TrackerIssue> {
  if (!ISSUE_ID.test(id)) throw unknownId(id, "not an issue id");
  try {
    return await tracker.show(id);
  } catch (error) {
    if (error instanceof ManagerError && NOT_FOUND.test(error.message)) {
      throw unknownId(id, "bd has no such issue");
    }
    throw error;
  }
}

/**
 * The named issues, in order, in one call when the tracker can (`bd show a b c`). The first
 * unknown id is the same one line as when each is shown alone: named by the error, or found by
 * showing them one by one.
 */
async function showAllNamed(tracker: Tracker, ids: readonly string[]): Promise<TrackerIssue[]> {
  const one = async () => {
    const named: TrackerIssue[] = [];
    for (const id of ids) named.push(await showNamed(tracker, id));
    return named;
  };
  if (!tracker.showMany || ids.length < 2 || !ids.every((id) => ISSUE_ID.test(id))) return one();
  try {
    return await tracker.showMany(ids);
  } catch (error) {
    const found = error instanceof ManagerError ? NOT_FOUND.exec(error.message) : null;
    if (found === null) throw error;
    // bd quotes the id, or the error names the one `show <id> …` call that failed.
    const missing = ids.find((id) => id === found[1] || found.input.includes(`show ${id} `));
    if (missing === undefined) return one();
    throw unknownId(missing, "bd has no such issue");
  }
}

/** Each issue, in order (an epic's children, as bd listed them): in one call when the tracker can. */
async function showEach(tracker: Tracker, ids: readonly string[]): Promise<TrackerIssue[]> {
  if (tracker.showMany && ids.length > 1) return tracker.showMany(ids);
  const out: TrackerIssue[] = [];
  for (const id of ids) out.push(await tracker.show(id));
  return out;
}

/**
 * The tickets the named ids stand for, in the order named: an epic stands for its children
 * with one of `status` (natural id order, epics inside epics expanded too), every other id
 * for itself. Each ticket appears once. Throws on the first unknown id, before anything runs.
 */
export async function expandIds(
  tracker: Tracker,
  ids: readonly string[],
  status: string,
): Promise<SelectedTicket[]> {
  const named = await showAllNamed(tracker, ids);
  const out: SelectedTicket[] = [];
  const seen = new Set<string>();
  const visit = async (issue: TrackerIssue, epic: string | null): Promise<void> => {
    if (seen.has(issue.id)) return;
    seen.add(issue.id);
    if (issue.type !== "epic") {
      out.push({ issue, epic });
      return;
    }
    const children = await tracker.list({ labels: [], status, limit: 0, parent: issue.id });
    for (const child of await showEach(tracker, [...children].sort(byId))) {
      await visit(child, epic ?? issue.id);
    }
  };
  for (const issue of named) await visit(issue, null);
  return out;
}
