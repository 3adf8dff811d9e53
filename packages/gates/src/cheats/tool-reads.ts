import { createHash } from "node:crypto";
import { lstatSync, statSync, type Stats } from "node:fs";

/**
 * Everything a check of the tools' files read, by the stat of what it read (issue 46 §3): the
 * folders it listed, the files it hashed, the package.json files it parsed and the paths it
 * probed while resolving the closure (found or not). When a check found the tools as recorded,
 * its reads are kept (signed) with a digest of those stats; the next stop stats the same paths,
 * and while every stat is the same the check's answer is the same, without listing a folder,
 * resolving a package or reading a file.
 *
 * Why the same stats mean the same answer: a file's content cannot change without its ctime
 * moving (no user process can set a ctime; `touch -r` puts the mtime back, not the ctime), a
 * folder's entries cannot be added, removed or renamed without its ctime moving, and a path
 * that resolves to another file or folder has another device and inode. Each stat is taken
 * before what it covers is read, so an edit made while the check runs is seen at the next stop.
 */
export type ReadKind = "lstat" | "stat";
export type Read = [kind: ReadKind, path: string, key: string];

const keyOf = (s: Stats | undefined): string =>
  s === undefined ? "none" : `${s.mode}:${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

/** The stat key of `path` now: `lstat` (the entry itself) or `stat` (what it resolves to). */
export function readKey(kind: ReadKind, path: string): string {
  try {
    return keyOf(
      kind === "lstat"
        ? lstatSync(path, { throwIfNoEntry: false })
        : statSync(path, { throwIfNoEntry: false }),
    );
  } catch {
    return "unreadable";
  }
}

/** The reads of one check, in the order they were made. */
export class ReadLog {
  readonly reads: Read[] = [];
  /** The key each path was last recorded with: a path probed again with the same key is kept once. */
  readonly #seen = new Map<string, string>();
  /** Record a read whose stat the caller already took (before reading). */
  add(kind: ReadKind, path: string, stats: Stats | undefined): void {
    this.#push(kind, path, keyOf(stats));
  }
  /** Stat `path` now and record it (call before reading it). */
  take(kind: ReadKind, path: string): void {
    this.#push(kind, path, readKey(kind, path));
  }
  #push(kind: ReadKind, path: string, key: string): void {
    const id = `${kind}\0${path}`;
    if (this.#seen.get(id) === key) return;
    this.#seen.set(id, key);
    this.reads.push([kind, path, key]);
  }
}

/** One digest over every read's kind, path and stat key. */
export function readsDigest(reads: Iterable<Read>): string {
  const hash = createHash("sha256");
  for (const [kind, path, key] of reads) hash.update(`${kind}\0${path}\0${key}\n`);
  return hash.digest("hex");
}

/** The digest of the same paths stat'ed now. */
export function digestNow(paths: ReadonlyArray<[ReadKind, string]>): string {
  return readsDigest(
    (function* () {
      for (const [kind, path] of paths) yield [kind, path, readKey(kind, path)] as Read;
    })(),
  );
}
