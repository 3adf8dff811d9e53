import { createHash } from "node:crypto";
import {
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  type Stats,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { NODE_TOOLS } from "../tools/command.js";
import type { ReadLog } from "./tool-reads.js";

/**
 * The files of the tools gates trusts, and of every package they load: what decides a tool's
 * results is its own code and its dependencies' (vitest's `@vitest/expect`, `chai`, `tinyspy`…),
 * so a tool is the closure of its package over `dependencies`, `optionalDependencies` and the
 * `peerDependencies` that are installed, resolved as Node resolves them (from each package's
 * real folder upwards: npm's nesting, pnpm's `.pnpm` store and yarn's node_modules alike).
 */

/** Packages a trusted tool loads by name from the repository, not through its dependencies. */
const COMPANIONS: Record<string, string[]> = {
  vitest: ["@vitest/coverage-v8", "@vitest/coverage-istanbul"],
};

export interface ToolPackage {
  name: string;
  version: string;
  /** The package's real folder. */
  dir: string;
}

interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(dir: string, reads?: ReadLog): Manifest | undefined {
  reads?.take("stat", join(dir, "package.json"));
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** Where `name` resolves from `from` (a real folder): its real folder, or undefined. */
export function resolvePackage(from: string, name: string, reads?: ReadLog): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    // Most lookups miss (a peer that is not installed is looked for up to /): no exceptions then.
    const found = statSync(candidate, { throwIfNoEntry: false });
    reads?.add("stat", candidate, found);
    if (found?.isDirectory()) return realpathSync.native(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The trusted tools installed at `root` (with their companions), and every package they load. */
export function toolClosure(root: string, reads?: ReadLog): ToolPackage[] {
  const starts = new Set<string>();
  for (const name of new Set(Object.values(NODE_TOOLS))) {
    starts.add(name);
    for (const companion of COMPANIONS[name] ?? []) starts.add(companion);
  }
  const queue: string[] = [];
  for (const name of starts) {
    const direct = join(root, "node_modules", name);
    reads?.take("stat", direct);
    try {
      queue.push(realpathSync.native(direct));
    } catch {
      // not installed: nothing of it runs
    }
  }
  return packageClosure(queue, reads);
}

/** These package folders (real paths) and every package they load, as Node resolves it. */
export function packageClosure(starts: readonly string[], reads?: ReadLog): ToolPackage[] {
  const found = new Map<string, ToolPackage>();
  const queue = [...starts];
  while (queue.length > 0) {
    const dir = queue.shift()!;
    if (found.has(dir)) continue;
    const pkg = readManifest(dir, reads);
    if (pkg?.name === undefined) continue;
    found.set(dir, { name: pkg.name, version: pkg.version ?? "unversioned", dir });
    const deps = { ...pkg.peerDependencies, ...pkg.optionalDependencies, ...pkg.dependencies };
    for (const dep of Object.keys(deps)) {
      const resolved = resolvePackage(dir, dep, reads);
      if (resolved !== undefined && !found.has(resolved)) queue.push(resolved);
    }
  }
  return [...found.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

/** A file's identity and change marks: any edit changes ctime, which no user process can set. */
export type StatKey = [dev: number, ino: number, size: number, mtimeMs: number, ctimeMs: number];
/** Per absolute path: the stat key the hash was taken at, and the hash. */
export type HashCache = Record<string, [...StatKey, string]>;

const statKey = (s: Stats): StatKey => [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs];
const sameKey = (a: readonly unknown[], b: StatKey) => b.every((v, i) => a[i] === v);

/**
 * What a tool writes into its own package while it runs, never its code: TypeScript's build
 * info (vitest's typecheck leaves `dist/tsconfig.tmp.tsbuildinfo`) and cache folders (`.cache`,
 * `.vite`, `.vitest`). Left out of the hashes, so running the tool is not the tool changed.
 */
const TOOL_OUTPUT_DIRS = new Set([".cache", ".vite", ".vitest"]);
const isToolOutputFile = (name: string) => name.endsWith(".tsbuildinfo");

/**
 * Whether a path inside a package is one `packageHashes` leaves out: a record taken by another
 * gates may hold it, and comparing it would call a tool-written file a removed one.
 */
export function isToolOutputPath(rel: string): boolean {
  const parts = rel.split("/");
  return (
    isToolOutputFile(parts.at(-1) ?? "") || parts.slice(0, -1).some((p) => TOOL_OUTPUT_DIRS.has(p))
  );
}

export interface HashCount {
  files: number;
  hashed: number;
}

/**
 * Every file of a package folder (nested `node_modules` left out: they are packages of their
 * own; what the tool writes as it runs left out: `isToolOutputFile`, `TOOL_OUTPUT_DIRS`) with the sha256 of its content (a symlink: of its target's text), by path inside the
 * folder. Only content counts, never paths or times, so a reinstall of the same version hashes
 * the same. A file whose stat key is the one `cache` has is not read again; `next` gets every
 * file's key and hash (the cache of the next run: files gone are dropped).
 */
export function packageHashes(
  dir: string,
  cache: Readonly<HashCache>,
  next: HashCache,
  count: HashCount = { files: 0, hashed: 0 },
  reads?: ReadLog,
): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    // The folder's stat before its listing: an entry added meanwhile moves its ctime.
    reads?.take("lstat", folder);
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !TOOL_OUTPUT_DIRS.has(entry.name)) walk(path);
        continue;
      }
      if (isToolOutputFile(entry.name)) continue;
      const rel = relative(dir, path).split("\\").join("/");
      count.files++;
      let stat: Stats;
      try {
        stat = lstatSync(path);
      } catch {
        continue;
      }
      reads?.add("lstat", path, stat);
      const key = statKey(stat);
      const cached = cache[path];
      if (cached !== undefined && sameKey(cached, key)) {
        next[path] = cached;
        out[rel] = cached[5];
        continue;
      }
      count.hashed++;
      const content = stat.isSymbolicLink()
        ? `symlink:${readlinkSync(path)}`
        : stat.isFile()
          ? readFileSync(path)
          : `special:${stat.mode}`;
      const hash = createHash("sha256").update(content).digest("hex");
      next[path] = [...key, hash];
      out[rel] = hash;
    }
  };
  walk(dir);
  return out;
}
