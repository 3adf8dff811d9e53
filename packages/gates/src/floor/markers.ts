import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";
import { FLOOR_PATTERNS, type FloorPattern } from "./marker-patterns.js";
import type { JudgedFile } from "./judged-files.js";

/** A marker as written, from its start to the end of its line, spaces collapsed. */
const markerKey = (pattern: FloorPattern, text: string, index: number) =>
  `${pattern.rule}\0${text.slice(index).trim().replace(/\s+/g, " ")}`;

/**
 * The patterns that apply to a file. A TS/JS test file's skip forms are read from its syntax
 * tree instead (skip-forms.ts): aliases, brackets and option objects hide from a line pattern.
 */
const patternsFor = (path: string) =>
  FLOOR_PATTERNS.filter(
    (p) =>
      p.applies(path) && !(p.rule === "skipped-test" && isTestFile(path) && isScriptFile(path)),
  );

function firstMatch(
  patterns: readonly FloorPattern[],
  text: string,
): { pattern: FloorPattern; match: RegExpExecArray } | undefined {
  for (const pattern of patterns) {
    const match = pattern.pattern.exec(text);
    if (match) return { pattern, match };
  }
  return undefined;
}

/**
 * New suppressions and skip markers on the lines the change added. A marker that only moved
 * or was re-indented (a formatter's work: the same text removed elsewhere in the file) is not new.
 */
export function markerFindings(file: JudgedFile): GateFinding[] {
  const patterns = patternsFor(file.path);
  if (patterns.length === 0 || file.after === undefined) return [];
  const gone = new Map<string, number>();
  for (const text of file.diff.removed.values()) {
    const hit = firstMatch(patterns, text);
    if (!hit) continue;
    const key = markerKey(hit.pattern, text, hit.match.index);
    gone.set(key, (gone.get(key) ?? 0) + 1);
  }
  const out: GateFinding[] = [];
  for (const [line, text] of file.diff.added) {
    const hit = firstMatch(patterns, text);
    if (!hit) continue;
    const key = markerKey(hit.pattern, text, hit.match.index);
    const left = gone.get(key) ?? 0;
    if (left > 0) {
      gone.set(key, left - 1);
      continue;
    }
    const { pattern, match } = hit;
    out.push(
      finding(
        "floor",
        file.path,
        line,
        pattern.rule,
        `new ${pattern.what}: ${match[0].trim()}`,
        pattern.hint,
      ),
    );
  }
  return out;
}
