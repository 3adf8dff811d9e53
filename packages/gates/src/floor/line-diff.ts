/** A line diff of two texts: which lines of `after` are new, and where an old line went. */
export interface LineDiff {
  /** Line number in `after` (1-based) → text of each line that is not in `before`. */
  added: Map<number, string>;
  /** Line number in `before` (1-based) → text of each line that is not in `after`. */
  removed: Map<number, string>;
  /** The line of `after` that an old line became (or the nearest kept line before it). */
  newLineOf: (oldLine: number) => number;
}

const linesOf = (text: string | undefined): string[] => {
  if (text === undefined || text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
};

const MAX_CELLS = 4_000_000;

/** Longest common subsequence of the middle part (after the common prefix and suffix are cut). */
function lcsPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  // A rewrite too large to align cheaply: every middle line counts as removed and added (the
  // floor still pairs a marker removed here with the same marker added there).
  if (n * m > MAX_CELLS) return [];
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] =
        a[i] === b[j]
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** Diff `before` against `after` line by line (both may be undefined: a file that is not there). */
export function lineDiff(before: string | undefined, after: string | undefined): LineDiff {
  const a = linesOf(before);
  const b = linesOf(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const kept = new Map<number, number>(); // old index → new index (0-based)
  for (let i = 0; i < prefix; i++) kept.set(i, i);
  for (const [i, j] of lcsPairs(midA, midB)) kept.set(prefix + i, prefix + j);
  for (let k = 0; k < suffix; k++) kept.set(a.length - 1 - k, b.length - 1 - k);
  const keptNew = new Set(kept.values());
  const added = new Map<number, string>();
  b.forEach((text, index) => {
    if (!keptNew.has(index)) added.set(index + 1, text);
  });
  const removed = new Map<number, string>();
  a.forEach((text, index) => {
    if (!kept.has(index)) removed.set(index + 1, text);
  });
  const newLineOf = (oldLine: number): number => {
    for (let index = oldLine - 1; index >= 0; index--) {
      const to = kept.get(index);
      if (to !== undefined)
        return Math.max(1, Math.min(b.length, to + 1 + (index === oldLine - 1 ? 0 : 1)));
    }
    return 1;
  };
  return { added, removed, newLineOf };
}
