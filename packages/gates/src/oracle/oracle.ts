import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gitTry, readBlobs } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { oracleKind, type OracleFileKind } from "../catalogue/oracle-kinds.js";
import { getObject, putObject, repoStateDir, sha256, writeAtomic } from "../state/store.js";

/** Where an oracle was taken from (the report names it). */
export type OracleSource =
  { kind: "tree"; taken_at: string } | { kind: "commit"; ref: string; commit: string };

export interface OracleFile {
  kind: OracleFileKind;
  sha256: string;
}

/** A snapshot's manifest, stored as `<repo state>/oracles/<id>.json`. */
export interface OracleManifest {
  schema_version: 1;
  id: string;
  source: OracleSource;
  files: Record<string, OracleFile>;
}

/**
 * The oracle: the tests, the runners' and tools' configuration and the scripts that run them,
 * as they stood when the task began. Gates' reference point: it, not the working tree's copy,
 * decides what a test, a config or a script says.
 */
export interface Oracle {
  readonly id: string;
  readonly source: OracleSource;
  /** Every oracle path with its kind and content hash. */
  readonly files: ReadonlyMap<string, OracleFile>;
  /** The oracle's content of `path`, or undefined when the oracle has no such file. */
  read(path: string): Promise<string | undefined>;
  /**
   * Many files' content at once (one git process for a commit's, however many): the texts of
   * the paths the oracle has. Read once, then kept: a later `read` of them costs nothing.
   */
  readMany(paths: readonly string[]): Promise<Map<string, string>>;
  /** The oracle paths of one kind (or of every kind), sorted. */
  paths(kind?: OracleFileKind): string[];
}

/** Loads the content of many oracle files, keyed by path. */
type LoadMany = (
  files: ReadonlyArray<readonly [string, OracleFile]>,
) => Promise<Map<string, string>>;

function makeOracle(manifest: OracleManifest, load: LoadMany): Oracle {
  const files = new Map(Object.entries(manifest.files));
  // An oracle's content never changes: each file is loaded once, many in one go.
  const loaded = new Map<string, Promise<string>>();
  async function readMany(paths: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(paths)].flatMap((path) => {
      const file = files.get(path);
      return file === undefined ? [] : [[path, file] as const];
    });
    const fresh = wanted.filter(([path]) => !loaded.has(path));
    if (fresh.length > 0) {
      const batch = load(fresh);
      for (const [path] of fresh) {
        const text = batch.then((texts) => texts.get(path) ?? "");
        // Whoever awaits it sees the failure; a path nobody awaits is no unhandled rejection.
        text.catch(() => undefined);
        loaded.set(path, text);
      }
      // A failed load is not kept: the next read tries again (and reports it again).
      batch.catch(() => {
        for (const [path] of fresh) loaded.delete(path);
      });
    }
    const texts = new Map<string, string>();
    for (const [path] of wanted) texts.set(path, await (loaded.get(path) as Promise<string>));
    return texts;
  }
  return {
    id: manifest.id,
    source: manifest.source,
    files,
    async read(path) {
      return files.has(path) ? (await readMany([path])).get(path) : undefined;
    },
    readMany,
    paths(kind) {
      return [...files]
        .filter(([, file]) => kind === undefined || file.kind === kind)
        .map(([path]) => path)
        .sort();
    },
  };
}

const manifestPath = (dir: string, id: string) => join(dir, "oracles", `${id}.json`);
const idOf = (files: Record<string, OracleFile>) =>
  sha256(JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)))).slice(0, 32);

/** The working tree's oracle files: tracked and untracked, ignored ones left out. */
async function treeOraclePaths(root: string): Promise<string[]> {
  const listed = await gitTry(root, [
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
  ]);
  if (!listed.ok)
    throw new GatesError(
      GatesErrorCode.Git,
      `git ls-files failed: ${listed.stderr.trim().split("\n")[0] ?? ""}`,
    );
  return [...new Set(listed.stdout.split("\0").filter((p) => p !== ""))].filter(
    (p) => oracleKind(p) !== undefined,
  );
}

/**
 * Snapshot the working tree's oracle files into the user's state directory (content-addressed,
 * out of the working tree's reach): what `loop start` takes when a task begins.
 */
export async function snapshotTree(
  root: string,
  env: NodeJS.ProcessEnv,
  now: Date = new Date(),
): Promise<Oracle> {
  const dir = await repoStateDir(root, env);
  const files: Record<string, OracleFile> = {};
  for (const path of await treeOraclePaths(root)) {
    const data = await readFile(join(root, path)).catch(() => undefined);
    if (data === undefined) continue; // listed but deleted in the tree: not part of it
    files[path] = { kind: oracleKind(path)!, sha256: await putObject(dir, data) };
  }
  const manifest: OracleManifest = {
    schema_version: 1,
    id: idOf(files),
    source: { kind: "tree", taken_at: now.toISOString() },
    files,
  };
  await writeAtomic(manifestPath(dir, manifest.id), `${JSON.stringify(manifest)}\n`);
  return openManifest(dir, manifest);
}

/** Keep a task file's text with the oracle's content (what `loop start` froze); its sha256. */
export async function snapshotTask(
  root: string,
  env: NodeJS.ProcessEnv,
  text: string,
): Promise<string> {
  return putObject(await repoStateDir(root, env), Buffer.from(text, "utf8"));
}

/** A task file's text as `loop start` froze it; missing or altered is a setup error. */
export async function readTaskSnapshot(
  root: string,
  env: NodeJS.ProcessEnv,
  hash: string,
): Promise<string> {
  return (await getObject(await repoStateDir(root, env), hash)).toString("utf8");
}

/** Files read at once from the store: enough to keep the disk busy, far below any fd limit. */
const STORE_READS = 32;

function openManifest(dir: string, manifest: OracleManifest): Oracle {
  return makeOracle(manifest, async (files) => {
    const texts = new Map<string, string>();
    for (let at = 0; at < files.length; at += STORE_READS) {
      const chunk = files.slice(at, at + STORE_READS);
      const read = await Promise.all(chunk.map(([, file]) => getObject(dir, file.sha256)));
      chunk.forEach(([path], i) => texts.set(path, (read[i] as Buffer).toString("utf8")));
    }
    return texts;
  });
}

/** A stored snapshot by id; a missing or unreadable manifest is a setup error. */
export async function openOracle(
  root: string,
  env: NodeJS.ProcessEnv,
  id: string,
): Promise<Oracle> {
  const dir = await repoStateDir(root, env);
  let manifest: OracleManifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath(dir, id), "utf8")) as OracleManifest;
  } catch {
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `oracle snapshot ${id} is missing from ${dir}`,
      {
        hint: "arm the loop again (verify-gates loop start) to take a new snapshot",
      },
    );
  }
  if (idOf(manifest.files) !== id)
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `oracle snapshot ${id} was altered (${manifestPath(dir, id)})`,
      {
        hint: "arm the loop again (verify-gates loop start) to take a new snapshot",
      },
    );
  return openManifest(dir, manifest);
}

/**
 * The oracle of a commit (the merge base, or `--oracle REF`): a commit's content cannot change,
 * so it is read from git as needed, nothing copied.
 */
export async function commitOracle(root: string, ref: string, commit: string): Promise<Oracle> {
  const listed = await gitTry(root, ["ls-tree", "-r", "-z", "--full-tree", commit]);
  if (!listed.ok)
    throw new GatesError(
      GatesErrorCode.Git,
      `git ls-tree ${commit} failed: ${listed.stderr.trim().split("\n")[0] ?? ""}`,
    );
  const files: Record<string, OracleFile> = {};
  for (const entry of listed.stdout.split("\0")) {
    const tab = entry.indexOf("\t");
    if (tab < 0) continue;
    const [, type, object] = entry.slice(0, tab).split(" ");
    const path = entry.slice(tab + 1);
    const kind = oracleKind(path);
    // A commit's blob id stands in for the sha256: it names the content just as well.
    if (type === "blob" && kind !== undefined && object) files[path] = { kind, sha256: object };
  }
  const manifest: OracleManifest = {
    schema_version: 1,
    id: `commit-${commit.slice(0, 12)}`,
    source: { kind: "commit", ref, commit },
    files,
  };
  return makeOracle(manifest, async (wanted) => {
    const blobs = await readBlobs(root, [...new Set(wanted.map(([, file]) => file.sha256))]);
    return new Map(wanted.map(([path, file]) => [path, blobs.get(file.sha256) ?? ""]));
  });
}
