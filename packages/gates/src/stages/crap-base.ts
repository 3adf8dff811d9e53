import type { CrapFunction } from "@agent-verify/contract";
import type { GatesContext } from "../context.js";
import type { FileChange } from "../diff/change.js";
import { showFile } from "../git.js";
import type { Hunk } from "../diff/unified-diff.js";
import { functionComplexities, type FunctionInfo } from "./complexity.js";

/** Where a working-tree line stood at the base; undefined for a line the change added. */
export function mapNewLine(hunks: readonly Hunk[], newLine: number): number | undefined {
  let offset = 0;
  for (const hunk of hunks) {
    const newEnd = hunk.newStart + hunk.newCount;
    if (hunk.newCount > 0 && newLine >= hunk.newStart && newLine < newEnd) return undefined;
    const after = hunk.newCount === 0 ? newLine > hunk.newStart : newLine >= newEnd;
    if (!after) break;
    offset += hunk.oldCount - hunk.newCount;
  }
  return newLine + offset;
}

/**
 * The same function at the base: the base function that holds most of this one's unchanged
 * lines (the innermost on a tie, so a nested function is not taken for its parent). Lines,
 * not names, decide: a function renamed by the change is still the function it was.
 * Undefined when every line of it is new.
 */
export function functionAtBase(
  fn: FunctionInfo,
  hunks: readonly Hunk[],
  base: readonly FunctionInfo[],
): FunctionInfo | undefined {
  const lines: number[] = [];
  for (let line = fn.start.line; line <= fn.end.line; line++) {
    const old = mapNewLine(hunks, line);
    if (old !== undefined) lines.push(old);
  }
  const span = (f: FunctionInfo) => f.end.line - f.start.line + 1;
  let best: FunctionInfo | undefined;
  let bestCount = 0;
  for (const candidate of base) {
    const count = lines.filter((l) => l >= candidate.start.line && l <= candidate.end.line).length;
    const inner = count === bestCount && best !== undefined && span(candidate) < span(best);
    if (count > 0 && (count > bestCount || inner)) {
      best = candidate;
      bestCount = count;
    }
  }
  // At least half of the base function lives on in this one; else this one is a rewrite (new).
  return best && bestCount * 2 >= span(best) ? best : undefined;
}

/** The functions of a changed file as they were at the merge base; none for a new file. */
export async function baseFunctions(ctx: GatesContext, file: FileChange): Promise<FunctionInfo[]> {
  if (file.status !== "modified" && file.status !== "renamed") return [];
  const path = file.oldPath ?? file.path;
  const text = await showFile(ctx.root, ctx.change.mergeBase, path);
  return text === undefined ? [] : functionComplexities(path, text);
}

/** A touched function's score, and the same function's at the base (undefined: it is new). */
export interface Judged {
  score: CrapFunction;
  base: CrapFunction | undefined;
}

/**
 * Seed 002, a slice never inherits debt it did not write: a touched function fails when it is
 * over the threshold and new, or its score rose because of the change. A complex function a
 * change only renamed something in stays what it was: old debt.
 */
export const isChangesDebt = ({ score, base }: Judged): boolean =>
  score.over_threshold && (base === undefined || score.crap > base.crap);
