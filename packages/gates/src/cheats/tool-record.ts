import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { readSigned, writeSigned, type SignedStore } from "../state/signed-store.js";
import { getObject, putObject } from "../state/store.js";
import {
  isToolOutputPath,
  packageHashes,
  toolClosure,
  type HashCache,
  type HashCount,
  type ToolPackage,
} from "./tool-files.js";
import { digestNow, readsDigest, ReadLog, type ReadKind } from "./tool-reads.js";

/**
 * What the trusted tools were when the task began (issue 35 §1): every file of every package
 * of their closure (tool-files.ts), by `name@version`. Taken at `loop start`, stored
 * content-addressed in the repository's state folder; the signed loop file names it by hash, so
 * neither the record nor the loop can be edited to match a patched tool.
 */
export interface ToolsRecord {
  schema_version: 1;
  taken_at: string;
  /** The working tree (real path) whose node_modules were recorded. */
  root: string;
  /** `name@version` → path inside the package → sha256 of its content. */
  packages: Record<string, Record<string, string>>;
}

/**
 * The per-file hash cache (signed: a forged one would let a patched file pass unread), one for
 * all repositories of the state folder: their tools are often the same files (a pnpm store,
 * worktrees of one repository). Keyed by absolute path and stat key, so sharing it is safe.
 */
const CACHE_FILE = "tools-file-cache.json";
/** Past this many files, the cache keeps only the files of the run that writes it. */
const CACHE_LIMIT = 30_000;

/** The state folder's `gates/` (the key's folder), where the shared cache lives. */
const sharedStore = (store: SignedStore): SignedStore => ({
  dir: dirname(store.dir),
  key: store.key,
});
const RULE = "tool-package-changed";
const MAX_PER_PACKAGE = 5;
const MAX_FINDINGS = 20;
const RERUN =
  "undo the edit (reinstall the package: delete it from node_modules and install again with the same lockfile); tools changed on purpose during a task need a new verify-gates loop start by the person who armed the loop";

export interface ToolsMeasure {
  packages: number;
  files: number;
  /** Files read and hashed (the others' stat keys matched the cache). */
  hashed: number;
  duration_ms: number;
}

const keyOf = (pkg: ToolPackage) => `${pkg.name}@${pkg.version}`;

function realRoot(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return root;
  }
}

async function readCache(store: SignedStore): Promise<HashCache> {
  const read = await readSigned(sharedStore(store), CACHE_FILE);
  return read.kind === "ok" && typeof read.body === "object" && read.body !== null
    ? (read.body as HashCache)
    : {};
}

/** Hash the closure's packages (through the cache); the cache is saved for the next run. */
function hashClosure(root: string, store: SignedStore, count: HashCount, reads?: ReadLog) {
  return hashPackages(toolClosure(root, reads), store, count, reads);
}

/**
 * What the last check that found the tools as recorded read (tool-reads.ts), per repository's
 * state folder: the record it checked against, the tree, every path it read and the digest of
 * their stats then. Signed: a forged one would let a patched tool pass unread.
 */
const CLEAN_FILE = "tools-clean.json";

interface CleanCheck {
  record: string;
  root: string;
  reads: Array<[ReadKind, string]>;
  digest: string;
}

/** True when the last clean check was against this record in this tree and nothing it read moved. */
async function stillClean(store: SignedStore, id: string, root: string): Promise<boolean> {
  const read = await readSigned(store, CLEAN_FILE);
  if (read.kind !== "ok") return false;
  const clean = read.body as Partial<CleanCheck>;
  if (clean.record !== id || clean.root !== root || !Array.isArray(clean.reads)) return false;
  return digestNow(clean.reads) === clean.digest;
}

async function saveClean(store: SignedStore, id: string, root: string, log: ReadLog) {
  const clean: CleanCheck = {
    record: id,
    root,
    reads: log.reads.map(([kind, path]) => [kind, path]),
    digest: readsDigest(log.reads),
  };
  await writeSigned(store, CLEAN_FILE, clean);
}

/** Each package's files with their sha256, through the state folder's signed cache (saved for the next run). */
export async function hashPackages(
  closure: readonly ToolPackage[],
  store: SignedStore,
  count: HashCount = { files: 0, hashed: 0 },
  reads?: ReadLog,
): Promise<Array<{ pkg: ToolPackage; files: Record<string, string> }>> {
  const cache = await readCache(store);
  const next: HashCache = {};
  const packages = closure.map((pkg) => ({
    pkg,
    files: packageHashes(pkg.dir, cache, next, count, reads),
  }));
  // Nothing read: the cache on file is still good. Else other trees' entries are kept.
  if (count.hashed > 0) {
    const merged = { ...cache, ...next };
    const keep = Object.keys(merged).length > CACHE_LIMIT ? next : merged;
    await writeSigned(sharedStore(store), CACHE_FILE, keep);
  }
  return packages;
}

/** `loop start`: record the tools as they are now; returns the record's id (its sha256). */
export async function recordTools(
  root: string,
  store: SignedStore,
  now: Date,
): Promise<{ id: string; measure: ToolsMeasure }> {
  const started = performance.now();
  const count = { files: 0, hashed: 0 };
  const reads = new ReadLog();
  const hashed = await hashClosure(root, store, count, reads);
  const record: ToolsRecord = {
    schema_version: 1,
    taken_at: now.toISOString(),
    root: realRoot(root),
    packages: {},
  };
  for (const { pkg, files } of hashed) record.packages[keyOf(pkg)] ??= files;
  const id = await putObject(join(store.dir, "tools"), Buffer.from(JSON.stringify(record)));
  // The record is what these reads found: a stop that finds them unmoved finds the tools as
  // recorded (unless two copies of one name@version differ: then every stop checks in full).
  const same = hashed.every(({ pkg, files }) => {
    const want = record.packages[keyOf(pkg)] ?? {};
    return fileFindings("", keyOf(pkg), want, files).length === 0;
  });
  if (same) await saveClean(store, id, record.root, reads);
  return {
    id,
    measure: {
      packages: hashed.length,
      ...count,
      duration_ms: Math.round(performance.now() - started),
    },
  };
}

/** How a file of a package is named: through `node_modules/<name>` when that is how the repo reaches it. */
function shownDir(root: string, pkg: ToolPackage): string {
  try {
    if (realpathSync.native(join(root, "node_modules", pkg.name)) === pkg.dir)
      return `node_modules/${pkg.name}`;
  } catch {
    // not a direct dependency of the root
  }
  const rel = relative(root, pkg.dir);
  return rel.startsWith("..") || isAbsolute(rel) ? pkg.dir : rel.split("\\").join("/");
}

function fileFindings(
  shown: string,
  key: string,
  want: Record<string, string>,
  have: Record<string, string>,
): GateFinding[] {
  const out: GateFinding[] = [];
  const add = (file: string, what: string) =>
    out.push(
      finding(
        "floor",
        `${shown}/${file}`,
        null,
        RULE,
        `${file} of ${key} ${what} since loop start: the tool that judges the change is not the one installed when the task began`,
        RERUN,
      ),
    );
  for (const [file, hash] of Object.entries(want)) {
    // Recorded by a gates that hashed what a tool writes as it runs: not the tool's code.
    if (isToolOutputPath(file)) continue;
    if (have[file] === undefined) add(file, "was removed");
    else if (have[file] !== hash) add(file, "was changed");
  }
  for (const file of Object.keys(have)) if (want[file] === undefined) add(file, "was added");
  return out.slice(0, MAX_PER_PACKAGE);
}

async function loadRecord(store: SignedStore, id: string): Promise<ToolsRecord | string> {
  try {
    return JSON.parse(
      (await getObject(join(store.dir, "tools"), id)).toString("utf8"),
    ) as ToolsRecord;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * At each gated stop: the tools' packages, file by file, against the record `loop start` took.
 * A changed, added or removed file is a red finding naming it; a package whose version is not
 * the recorded one (a reinstall of other versions, even from a changed lockfile), or gone from
 * the recorded tree, says the tools changed during the task. A reinstall of the same versions
 * hashes the same: no finding.
 */
export async function toolsChangedFindings(
  root: string,
  store: SignedStore,
  id: string,
  measure?: (m: ToolsMeasure) => void,
): Promise<GateFinding[]> {
  const started = performance.now();
  const tree = realRoot(root);
  if (await stillClean(store, id, tree)) {
    measure?.({
      packages: 0,
      files: 0,
      hashed: 0,
      duration_ms: Math.round(performance.now() - started),
    });
    return [];
  }
  const record = await loadRecord(store, id);
  if (typeof record === "string")
    return [
      finding(
        "floor",
        null,
        null,
        RULE,
        `the record of the tools taken at loop start cannot be read (${record}): the tools cannot be checked`,
        "the person who armed the loop can arm it again (verify-gates loop start)",
      ),
    ];
  const count = { files: 0, hashed: 0 };
  const reads = new ReadLog();
  const hashed = await hashClosure(root, store, count, reads);
  const findings: GateFinding[] = [];
  const seen = new Set<string>();
  for (const { pkg, files } of hashed) {
    const key = keyOf(pkg);
    seen.add(key);
    const shown = shownDir(root, pkg);
    const want = record.packages[key];
    if (want !== undefined) {
      findings.push(...fileFindings(shown, key, want, files));
      continue;
    }
    const before = Object.keys(record.packages).filter((k) => k.startsWith(`${pkg.name}@`));
    // A package new by name is an optional or peer dependency installed since (jsdom for a DOM
    // test): a tool loads it only when a config — itself judged by the oracle — asks for it.
    if (before.length === 0) continue;
    findings.push(
      finding(
        "floor",
        `${shown}/package.json`,
        null,
        RULE,
        `${key} is installed, but loop start recorded ${before.join(", ")}: the tools changed during the task`,
        RERUN,
      ),
    );
  }
  // Another working tree of the loop (a subagent's worktree) may install fewer tools: only what
  // it installs is checked there; in the tree loop start recorded, a package gone is a change.
  const sameTree = tree === record.root;
  for (const key of Object.keys(record.packages)) {
    if (!sameTree || seen.has(key)) continue;
    const name = key.slice(0, key.lastIndexOf("@"));
    if (hashed.some(({ pkg }) => pkg.name === name)) continue; // said above, as another version
    findings.push(
      finding(
        "floor",
        `node_modules/${name}`,
        null,
        RULE,
        `${key}, one of the tools' packages at loop start, is no longer installed: the tools changed during the task`,
        RERUN,
      ),
    );
  }
  // Found as recorded: the next stop may take this answer while nothing read here moved.
  if (findings.length === 0) await saveClean(store, id, tree, reads);
  measure?.({
    packages: hashed.length,
    ...count,
    duration_ms: Math.round(performance.now() - started),
  });
  if (findings.length <= MAX_FINDINGS) return findings;
  const more = findings.length - MAX_FINDINGS + 1;
  return [
    ...findings.slice(0, MAX_FINDINGS - 1),
    finding("floor", null, null, RULE, `… and ${more} more changes in the tools' packages`, RERUN),
  ];
}
