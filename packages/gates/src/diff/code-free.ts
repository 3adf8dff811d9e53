import type { Change } from "./change.js";
import { DOC } from "./doc-readers.js";
import { oracleKind } from "../catalogue/oracle-kinds.js";

/**
 * The file is documentation no test reads (doc-readers.ts) and no part of the oracle (a fixture
 * under tests/ is the oracle's, whatever its name): no runner, type checker or CRAP scan reads it.
 */
const isDoc = (
  path: string,
  oraclePaths: ReadonlySet<string>,
  readers: ReadonlyMap<string, string>,
) =>
  DOC.test(path) && oracleKind(path) === undefined && !oraclePaths.has(path) && !readers.has(path);

/**
 * Why the change holds no code, or undefined when it does: documentation only (`.md`, `.mdx`,
 * `.rst`, …), none of it read by a test (`readers`: documentation file → the file that reads
 * it). An empty change is not code-free: it runs as before. Deleted and renamed files count by
 * both their paths.
 */
export function noCodeReason(
  change: Pick<Change, "files">,
  oraclePaths: ReadonlySet<string> = new Set(),
  readers: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  if (change.files.length === 0) return undefined;
  const paths = change.files.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path]));
  if (!paths.every((p) => isDoc(p, oraclePaths, readers))) return undefined;
  const named = paths.slice(0, 3).join(", ") + (paths.length > 3 ? ", …" : "");
  return `no code changed (only ${named})`;
}
