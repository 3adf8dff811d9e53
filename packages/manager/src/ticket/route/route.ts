import type { TrackerIssue } from "../../tracker/tracker.js";

import type { DeliverableKind } from "@agent-verify/contract";

/** The file a deliverable ticket is reviewed by when the ticket names none. */
export const DEFAULT_DELIVERABLE = "deliverable.md";

/** bd 1.x knows no discovery/design/doc types (add them with `bd config set types.custom`); its spike and decision are the nearest. */
const ALIASES: Record<string, DeliverableKind> = {
  discovery: "discovery",
  spike: "discovery",
  design: "design",
  decision: "design",
  doc: "doc",
  docs: "doc",
  documentation: "doc",
};

export type Routed =
  | { route: "code" }
  | { route: "deliverable"; kind: DeliverableKind; file: string; problem: string | null };

/** `Deliverable: path` (bold, backticks and a heading form allowed) anywhere in the ticket's texts. */
const NAMED = /^\s*(?:#{1,6}\s*)?\**deliverable\**\s*:\**\s*`?([^`\s]+)`?\s*$/im;

function kindOf(issue: Pick<TrackerIssue, "type" | "labels">): DeliverableKind | null {
  const byType = ALIASES[issue.type.toLowerCase()];
  if (byType) return byType;
  for (const label of issue.labels) {
    const byLabel = ALIASES[label.toLowerCase()];
    if (byLabel) return byLabel;
  }
  return null;
}

/** Ticket text is data: a named path must stay inside the repo. */
function deliverableFile(
  issue: Pick<TrackerIssue, "description" | "acceptanceCriteria" | "notes">,
) {
  for (const text of [issue.description, issue.acceptanceCriteria, issue.notes]) {
    const named = NAMED.exec(text)?.[1];
    if (named === undefined) continue;
    const isInside =
      !named.startsWith("/") && !named.split(/[\\/]/).includes("..") && !named.includes("\0");
    return isInside
      ? { file: named, problem: null }
      : {
          file: named,
          problem: `the deliverable path ${JSON.stringify(named)} leaves the repository`,
        };
  }
  return { file: DEFAULT_DELIVERABLE, problem: null };
}

/**
 * How a ticket is verified, by its bd issue_type (or a label): discovery, design and doc
 * tickets deliver a document; every other type (task, feature, bug, chore, refactor…) code.
 */
export function routeTicket(
  issue: Pick<TrackerIssue, "type" | "labels" | "description" | "acceptanceCriteria" | "notes">,
): Routed {
  const kind = kindOf(issue);
  if (kind === null) return { route: "code" };
  return { route: "deliverable", kind, ...deliverableFile(issue) };
}
