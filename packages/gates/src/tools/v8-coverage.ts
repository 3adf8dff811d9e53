import { readdir, readFile } from "node:fs/promises";
import type { Profiler } from "node:inspector";
import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import libCoverage from "istanbul-lib-coverage";
import v8ToIstanbul from "v8-to-istanbul";
import { repoPath } from "./run-tool.js";
import type { CoverageMap, IstanbulFileCoverage } from "./vitest.js";

// Tests that spawn the built bins run the code in child processes, which istanbul in the
// test runner never sees. Like c8: the tests run with NODE_V8_COVERAGE=<dir>, every Node
// process writes its raw V8 coverage there on exit, and the scripts that are the
// repository's own files are converted to istanbul (v8-to-istanbul follows their source
// maps back to src/*.ts) and merged.

/** Environment for a test command: every Node process it starts writes its V8 coverage to `dir`. */
export function v8CoverageEnv(env: NodeJS.ProcessEnv, dir: string): NodeJS.ProcessEnv {
  return { ...env, NODE_V8_COVERAGE: dir };
}

interface ScriptCoverage {
  url: string;
  functions: Profiler.FunctionCoverage[];
}

/** A file of the repository itself: inside the root and not a dependency. */
export function isRepoFile(root: string, path: string): boolean {
  const rel = relative(root, path);
  return (
    rel !== "" &&
    !rel.startsWith("..") &&
    !isAbsolute(rel) &&
    !rel.split(sep).includes("node_modules")
  );
}

function scriptPath(url: string, root: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const path = fileURLToPath(url);
  return isRepoFile(root, path) ? path : undefined;
}

/** Cheap look at the raw text: does this process report any script of the repository? */
function mentionsRepoScript(text: string, root: string): boolean {
  for (const match of text.matchAll(/"url":"(file:\/\/[^"]*)"/g)) {
    if (match[1] && scriptPath(match[1], root)) return true;
  }
  return false;
}

/**
 * The process ran the file as it is on disk: its top-level range spans exactly the file.
 * A test runner's transformed copy of a source file (vitest's own instrumented modules)
 * has another length and is skipped: istanbul already counts it.
 */
function ranAsOnDisk(script: ScriptCoverage, source: string): boolean {
  const top = script.functions.find((fn) => fn.ranges[0]?.startOffset === 0);
  return top?.ranges[0]?.endOffset === source.length;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Every `coverage-*.json` in `dir`, converted to istanbul coverage of the repository's files. */
export async function readV8Coverage(
  dir: string,
  root: string,
  onSkip?: (message: string) => void,
): Promise<CoverageMap> {
  const unreadable = new Map<string, string>();
  const names = await readdir(dir).catch(() => [] as string[]);
  const map = libCoverage.createCoverageMap({});
  const sources = new Map<string, Promise<string | undefined>>();
  const exclude = (path: string) => !isRepoFile(root, path);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const text = await readText(join(dir, name));
    if (text === undefined || !mentionsRepoScript(text, root)) continue;
    let scripts: ScriptCoverage[];
    try {
      scripts = (JSON.parse(text) as { result: ScriptCoverage[] }).result;
    } catch {
      continue; // A process killed while writing: its coverage is lost, not the run.
    }
    for (const script of scripts) {
      const path = scriptPath(script.url, root);
      if (!path) continue;
      if (!sources.has(path)) sources.set(path, readText(path));
      const source = await sources.get(path);
      if (source === undefined || !ranAsOnDisk(script, source)) continue;
      try {
        const converter = v8ToIstanbul(path, 0, { source }, exclude);
        await converter.load();
        converter.applyCoverage(script.functions);
        map.merge(converter.toIstanbul());
        converter.destroy();
      } catch (error) {
        // A source map being rewritten or broken: that script's coverage is lost, said once.
        unreadable.set(path, error instanceof Error ? error.message : String(error));
      }
    }
  }
  for (const [path, why] of [...unreadable].slice(0, 1))
    onSkip?.(`${unreadable.size} script(s) unreadable, first ${repoPath(root, path)}: ${why}`);
  const out: CoverageMap = new Map();
  for (const file of map.files()) {
    if (isRepoFile(root, file))
      out.set(repoPath(root, file), map.fileCoverageFor(file).toJSON() as IstanbulFileCoverage);
  }
  return out;
}

/** Two coverage maps of the same kind (same statements for the same file): hits add up. */
export function mergeRuns(a: CoverageMap, b: CoverageMap): CoverageMap {
  if (a.size === 0) return b;
  const map = libCoverage.createCoverageMap({});
  // istanbul-lib-coverage merges into the objects it is given: hand it copies.
  for (const entry of [...a.values(), ...b.values()])
    map.merge({ [entry.path]: structuredClone(entry) });
  const byPath = new Map([...a, ...b].map(([path, entry]) => [entry.path, path]));
  return new Map(
    map
      .files()
      .map((file) => [
        byPath.get(file) ?? file,
        map.fileCoverageFor(file).toJSON() as IstanbulFileCoverage,
      ]),
  );
}

/** Hits per line of line-based (V8) coverage: a line ran if any of its statements ran. */
function lineHits(entry: IstanbulFileCoverage): Map<number, number> {
  const hits = new Map<number, number>();
  for (const [id, range] of Object.entries(entry.statementMap)) {
    const line = range.start.line;
    hits.set(line, Math.max(hits.get(line) ?? 0, entry.s[id] ?? 0));
  }
  return hits;
}

/**
 * The test runner's coverage plus what child processes ran. Where the runner has the file,
 * its statements stay the unit: each counts the child's hits on its line (merging the two
 * maps as they are would put the child's one-statement-per-line entries next to the
 * runner's statements, and a function covered only by a child would look half covered).
 */
export function mergeCoverage(tests: CoverageMap, children: CoverageMap): CoverageMap {
  const merged: CoverageMap = new Map(tests);
  for (const [path, child] of children) {
    const own = tests.get(path);
    if (!own) {
      merged.set(path, child);
      continue;
    }
    const hits = lineHits(child);
    const s = Object.fromEntries(
      Object.entries(own.statementMap).map(([id, range]) => [id, hits.get(range.start.line) ?? 0]),
    );
    const f = Object.fromEntries(Object.keys(own.fnMap).map((id) => [id, 0]));
    const b = Object.fromEntries(
      Object.entries(own.branchMap).map(([id, branch]) => [id, branch.locations.map(() => 0)]),
    );
    const map = libCoverage.createCoverageMap({ [own.path]: structuredClone(own) });
    map.merge({ [own.path]: { ...own, s, f, b } });
    merged.set(path, map.fileCoverageFor(own.path).toJSON() as IstanbulFileCoverage);
  }
  return merged;
}
