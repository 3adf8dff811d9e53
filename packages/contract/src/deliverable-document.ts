/** A markdown deliverable, cut into what the rubric reads: headings, sections, findings. */

export interface Section {
  /** 1-based line of the heading (0 for text before the first heading). */
  line: number;
  level: number;
  title: string;
  /** The lines under the heading, up to the next heading of any level. */
  body: string[];
}

export interface Finding {
  /** 1-based line where the finding starts. */
  line: number;
  title: string;
  text: string;
  severity: string | null;
  problem: string | null;
  recommendation: string | null;
  effort: string | null;
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;

/** Headings outside code fences, each with the lines below it. */
export function sections(text: string): Section[] {
  const out: Section[] = [{ line: 0, level: 0, title: "", body: [] }];
  let inFence = false;
  for (const [index, line] of text.replaceAll("\r\n", "\n").split("\n").entries()) {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      out.push({
        line: index + 1,
        level: heading[1]?.length ?? 1,
        title: heading[2] ?? "",
        body: [],
      });
    } else {
      out[out.length - 1]?.body.push(line);
    }
  }
  return out;
}

/** `Severity: high`, `**Effort**: M`, `- Recommendation — …`, `| Severity | high |`. */
function field(text: string, names: string): string | null {
  const pattern = new RegExp(
    `^[\\s>*_|-]*(?:${names})[\\s*_]*(?::|—|–|-|\\|)[\\s*_]*(.+?)[\\s*_|]*$`,
    "im",
  );
  const value = pattern.exec(text)?.[1]?.trim();
  return value ? value : null;
}

/** A finding: a section (or a numbered item) that names a severity. */
export function findings(text: string): Finding[] {
  const out: Finding[] = [];
  for (const section of sections(text)) {
    const body = section.body.join("\n");
    const whole = `${section.title}\n${body}`;
    if (field(whole, "severity") === null && !/\bseverity\b/i.test(section.title)) continue;
    out.push({
      line: Math.max(1, section.line),
      title: section.title,
      text: whole,
      severity:
        field(whole, "severity") ?? /(critical|high|medium|low)/i.exec(section.title)?.[1] ?? null,
      problem: field(whole, "problem|issue|finding|observation|what"),
      recommendation: field(whole, "recommendation|recommended fix|fix|remedy|action"),
      effort: field(whole, "effort|size|sizing"),
    });
  }
  return out;
}

/** Non-empty lines: the rubric's "≥ 10 lines" counts content, not blank lines. */
export function contentLines(text: string): number {
  return text.split("\n").filter((line) => line.trim() !== "").length;
}
