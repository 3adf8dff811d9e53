import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";
import { silencesNoMore } from "../catalogue/suppressions.js";
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

interface Hit {
  pattern: FloorPattern;
  match: RegExpExecArray;
  key: string;
}

function firstMatch(patterns: readonly FloorPattern[], text: string): Hit | undefined {
  for (const pattern of patterns) {
    const match = pattern.pattern.exec(text);
    if (match) return { pattern, match, key: markerKey(pattern, text, match.index) };
  }
  return undefined;
}

/** `now` replaces `was` with nothing more silenced: the same tool's comment, its rules kept or fewer. */
function noMoreThan(now: Hit, was: Hit): boolean {
  const { reads } = now.pattern;
  if (now.pattern !== was.pattern || reads === undefined) return false;
  const silenced = (hit: Hit) =>
    reads(hit.match.input.slice(hit.match.index + hit.match[0].length), hit.match[0]);
  return silencesNoMore(silenced(now), silenced(was));
}

/**
 * New suppressions and skip markers on the lines the change added. A marker that only moved
 * or was re-indented (a formatter's work: the same text removed elsewhere in the file) is not
 * new, nor is a suppression whose reason was added or reworded (what it silences is the same).
 */
export function markerFindings(file: JudgedFile): GateFinding[] {
  const patterns = patternsFor(file.path);
  if (patterns.length === 0 || file.after === undefined) return [];
  const gone: Hit[] = [];
  for (const text of file.diff.removed.values()) {
    const hit = firstMatch(patterns, text);
    if (hit) gone.push(hit);
  }
  const added: Array<[number, Hit]> = [];
  for (const [line, text] of file.diff.added) {
    const hit = firstMatch(patterns, text);
    if (hit) added.push([line, hit]);
  }
  // The same text first (a move, a re-indent), then an edit that silences no more.
  const take = (match: (was: Hit) => boolean) => {
    const index = gone.findIndex(match);
    if (index >= 0) gone.splice(index, 1);
    return index >= 0;
  };
  const left = added.filter(([, hit]) => !take((was) => was.key === hit.key));
  const out: GateFinding[] = [];
  for (const [line, hit] of left) {
    if (take((was) => noMoreThan(hit, was))) continue;
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
