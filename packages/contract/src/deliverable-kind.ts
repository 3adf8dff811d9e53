import type { DeliverableKind } from "./deliverable.js";
import { findings, sections } from "./deliverable-document.js";

const DECISIONS = /\bdecisions?\b/i;

/**
 * The kind a document's structure shows, by what each kind's rubric asks for: findings with a
 * severity (discovery), a decisions heading (design), or neither with two or more headings
 * (doc). null when it shows none of them, or both findings and decisions.
 */
export function inferDeliverableKind(text: string): DeliverableKind | null {
  const heads = sections(text).filter((s) => s.level > 0);
  const hasFindings = findings(text).length > 0;
  const hasDecisions = heads.some((s) => DECISIONS.test(s.title));
  if (hasFindings && !hasDecisions) return "discovery";
  if (hasDecisions && !hasFindings) return "design";
  if (!hasFindings && !hasDecisions && heads.length >= 2) return "doc";
  return null;
}

/** Why a document's kind cannot be told, for the one-line error that asks for `--kind`. */
export function unknownKindReason(text: string): string {
  const heads = sections(text).filter((s) => s.level > 0);
  const hasFindings = findings(text).length > 0;
  if (hasFindings) return "it has both findings with a severity and a decisions heading";
  return `it has no finding with a severity, no decisions heading and ${heads.length === 0 ? "no headings" : "one heading"}`;
}
