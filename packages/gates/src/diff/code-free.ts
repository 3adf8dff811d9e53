import type { Change } from "./change.js";
import { oracleKind } from "../oracle/kinds.js";

/** Prose no test runner, type checker or CRAP scan reads: the only files a change may hold and skip them. */
const PROSE = /\.(?:md|markdown|txt|rst|adoc)$/i;

/** The file is prose and no part of the oracle (a fixture under tests/ is the oracle's, whatever its name). */
const isProse = (path: string, oraclePaths: ReadonlySet<string>) =>
  PROSE.test(path) && oracleKind(path) === undefined && !oraclePaths.has(path);

/**
 * Why the change holds no code, or undefined when it does. An empty change is not code-free:
 * it runs as before. Deleted and renamed files count by both their paths.
 */
export function noCodeReason(
  change: Pick<Change, "files">,
  oraclePaths: ReadonlySet<string> = new Set(),
): string | undefined {
  if (change.files.length === 0) return undefined;
  const paths = change.files.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path]));
  if (!paths.every((p) => isProse(p, oraclePaths))) return undefined;
  const named = paths.slice(0, 3).join(", ") + (paths.length > 3 ? ", …" : "");
  return `no code changed (only ${named})`;
}
