/** Where a Verify: section may live on an issue, in the order they are read. */
export const VERIFY_FIELDS = ["description", "acceptance_criteria", "notes"] as const;
export type VerifyField = (typeof VERIFY_FIELDS)[number];

export interface VerifySection {
  field: VerifyField;
  /** Raw item texts: data to be validated, never trusted. */
  names: string[];
}

const HEADING = /^\s{0,3}#{1,6}\s+\**\s*verify\s*:?\s*\**\s*$/i;
const LABEL = /^\s{0,3}\**\s*verify\s*:\s*\**\s*$/i;
const ANY_HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const BULLET = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

function isSectionStart(line: string): boolean {
  return HEADING.test(line) || LABEL.test(line);
}

/** `` `name` — why`` → `name`; anything else is kept whole so it can be reported as given. */
export function itemName(text: string): string {
  const trimmed = text.trim();
  const code = /^`([^`]*)`(?::\s.*|\s+[-–—:]\s.*|\s+\(.*\))?$/.exec(trimmed);
  return (code ? (code[1] ?? "") : trimmed).trim();
}

function sectionItems(lines: readonly string[], start: number): string[] {
  const names: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      if (names.length > 0) break;
      continue;
    }
    if (ANY_HEADING.test(line) || isSectionStart(line)) break;
    const bullet = BULLET.exec(line);
    if (!bullet) break;
    const name = itemName(bullet[1] ?? "");
    if (name !== "") names.push(name);
  }
  return names;
}

/** Find every Verify: section in one text (outside code fences) and return its items. */
export function parseVerifyText(text: string): string[] | null {
  const lines = text.replaceAll("\r\n", "\n").split("\n");
  let inFence = false;
  let found: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || !isSectionStart(line)) continue;
    found = [...(found ?? []), ...sectionItems(lines, i + 1)];
  }
  return found;
}

export type IssueText = Partial<Record<VerifyField, string | undefined>>;

/** All Verify: sections of an issue, or [] when there is none. */
export function findVerifySections(issue: IssueText): VerifySection[] {
  const sections: VerifySection[] = [];
  for (const field of VERIFY_FIELDS) {
    const names = parseVerifyText(issue[field] ?? "");
    if (names !== null) sections.push({ field, names });
  }
  return sections;
}

/** The requested flow names, deduplicated, in order of appearance. */
export function requestedFlows(sections: readonly VerifySection[]): string[] {
  return [...new Set(sections.flatMap((section) => section.names))];
}
