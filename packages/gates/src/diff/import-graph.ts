import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, posix, relative, sep } from "node:path";
import { codeMask } from "./code-mask.js";

const SCRIPT = /\.[cm]?[jt]sx?$/;
/** Folders never scanned: installs, caches, reports (what the oracle copy does not carry). */
const SKIPPED = new Set(["node_modules", ".git", ".verify", "coverage", ".turbo", ".cache"]);

/** Literal module references: static imports and re-exports, side-effect imports, `import()`, `require()`, mocks. */
// One way only across a line break (the class already holds \n): a choice of two made a failed
// match try 2^lines paths, and a long file hung.
const FROM = /\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"'\n]+)["']/dg;
const BARE_IMPORT = /\bimport\s*["']([^"'\n]+)["']/dg;
const CALL =
  /\b(?:import|require|importActual|requireActual|importMock|requireMock|mock|doMock|unmock|resolve)\s*\(\s*(["'`])([^"'`\n$]*)\1\s*[,)]/dg;
/** A module named by an expression: the graph cannot follow it. */
const NOT_LITERAL =
  /\b(?:import|require)\s*\(\s*(?!["'`][^"'`\n$]*["'`]\s*[,)])(?!\s*\))|\bimport\.meta\.glob\b|\brequire\.context\b/;

interface OwnPackage {
  root: string;
  name: unknown;
  manifest: { name?: unknown; exports?: unknown; main?: unknown; module?: unknown };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

export interface ImportGraph {
  /** Every scanned script file (repository paths, `/`-separated). */
  files: string[];
  /** A file → the repository files it names (resolved; a workspace package stands for its files). */
  imports: Map<string, Set<string>>;
  /** A file the graph cannot follow, with why (a module named by an expression, an import that does not resolve). */
  opaque: Map<string, string>;
}

async function walk(dir: string, at = ""): Promise<string[]> {
  const entries = await readdir(join(dir, at), { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    const path = at === "" ? entry.name : `${at}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) out.push(...(await walk(dir, path)));
    } else if (entry.isFile() && SCRIPT.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * The module names a file's code refers to, and whether it also names one by an expression.
 * Comments, and strings that are no module reference, name nothing: the patterns run on the
 * file's {@link codeMask}, and a specifier is read back from the text at the offsets they find.
 */
export function moduleSpecifiers(text: string): { specifiers: string[]; dynamic: boolean } {
  const code = codeMask(text);
  const specifiers = new Set<string>();
  const read = (m: RegExpExecArray, group: number) => {
    const at = m.indices?.[group];
    if (at) specifiers.add(text.slice(at[0], at[1]));
  };
  for (const m of code.matchAll(FROM)) read(m, 1);
  for (const m of code.matchAll(BARE_IMPORT)) read(m, 1);
  for (const m of code.matchAll(CALL)) read(m, 2);
  specifiers.delete("");
  return { specifiers: [...specifiers], dynamic: NOT_LITERAL.test(code) };
}

const BUILTIN = new Set(builtinModules);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

/** A relative specifier's file: as written, with the TypeScript extension for `.js`, or an index. */
function resolveRelative(from: string, spec: string, exists: (p: string) => boolean) {
  return resolvePath(posix.join(posix.dirname(from), spec), exists);
}

/** A repository path's file: as written, with the TypeScript extension for `.js`, or a folder's index. */
function resolvePath(path: string, exists: (p: string) => boolean) {
  const target = posix.normalize(path).replace(/\/+$/, "");
  const stem = target.replace(/\.[cm]?jsx?$/, "");
  const candidates = [
    target,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => `${target}/index${e}`),
  ];
  return candidates.find(exists);
}

/** Every path an `exports` entry can lead to, whatever the conditions. */
function exportTargets(entry: unknown): string[] {
  if (typeof entry === "string") return [entry];
  if (Array.isArray(entry)) return entry.flatMap(exportTargets);
  if (entry !== null && typeof entry === "object")
    return Object.values(entry).flatMap(exportTargets);
  return [];
}

/**
 * The files of the repository a package's import of itself by its own name can load: what its
 * `exports` (or `main`, or the subpath) name, and the same path below `src/` when that names the
 * build output (`./dist/compiler.mjs` → `src/compiler.ts`). Empty when no file answers.
 */
function selfImport(
  root: string,
  manifest: { exports?: unknown; main?: unknown; module?: unknown },
  subpath: string,
  exists: (p: string) => boolean,
): string[] {
  const { exports } = manifest;
  let targets: string[];
  if (exports === undefined || exports === null)
    targets =
      subpath === "."
        ? [manifest.module, manifest.main, "./index"].filter((t) => typeof t === "string")
        : [subpath];
  else if (typeof exports !== "object" || Array.isArray(exports))
    targets = subpath === "." ? exportTargets(exports) : [];
  else {
    const map = exports as Record<string, unknown>;
    const keyed = Object.keys(map).some((k) => k.startsWith("."));
    if (!keyed) targets = subpath === "." ? exportTargets(map) : [];
    else if (subpath in map) targets = exportTargets(map[subpath]);
    else {
      const pattern = Object.keys(map).find((k) => {
        const [head, tail] = k.split("*");
        return tail !== undefined && subpath.startsWith(head ?? "") && subpath.endsWith(tail);
      });
      const [head = "", tail = ""] = pattern?.split("*") ?? [];
      const star = subpath.slice(head.length, subpath.length - tail.length);
      targets = pattern ? exportTargets(map[pattern]).map((t) => t.replaceAll("*", star)) : [];
    }
  }
  const at = (p: string) => posix.join(root === "" ? "." : root, p);
  const found = new Set<string>();
  for (const target of targets) {
    const direct = resolvePath(at(target), exists);
    if (direct) found.add(direct);
    const rest = posix.normalize(target).split("/").slice(1).join("/");
    const source = rest.replace(/(\.d)?\.[cm]?[jt]sx?$/, "");
    const mirrored = source === "" ? undefined : resolvePath(at(`src/${source}`), exists);
    if (mirrored) found.add(mirrored);
  }
  return [...found];
}

/** A bare specifier's package name (`@scope/name/sub` → `@scope/name`). */
const packageName = (spec: string) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec);

/**
 * The import graph of the repository at `dir`, read with regular expressions over code (comments
 * and strings that name no module are skipped, see {@link moduleSpecifiers}). A package's import
 * of itself by its own name resolves through its package.json to files of the repository; any
 * other bare specifier resolves through `node_modules` up the tree: an installed package outside
 * the repository is no edge, a workspace package (linked to a folder of the repository) stands
 * for every file in that folder, and one that resolves nowhere (a path alias, a virtual module)
 * makes its file opaque.
 */
export async function importGraph(dir: string): Promise<ImportGraph> {
  const files = await walk(dir);
  const known = new Set(files);
  const exists = (p: string) =>
    known.has(p) || statSync(join(dir, p), { throwIfNoEntry: false })?.isFile() === true;
  const realRoot = realpathSync(dir);
  const packages = new Map<string, string | null>();
  const imports = new Map<string, Set<string>>();
  const opaque = new Map<string, string>();
  /** A package's folder in the repository, null when it is installed from outside, undefined when not found. */
  const packageDir = (from: string, name: string): string | null | undefined => {
    let at = posix.dirname(from);
    for (;;) {
      const key = `${at}\0${name}`;
      if (packages.has(key)) return packages.get(key);
      const candidate = join(dir, at === "." ? "" : at, "node_modules", name);
      if (existsSync(candidate)) {
        const real = relative(realRoot, realpathSync(candidate)).split(sep).join("/");
        const inRepo = !real.startsWith("..") && !real.split("/").includes("node_modules");
        packages.set(key, inRepo ? real : null);
        return packages.get(key);
      }
      if (at === "." || at === "") return undefined;
      at = posix.dirname(at);
    }
  };
  const manifests = new Map<string, OwnPackage | undefined>();
  /** The package.json nearest above a file in the repository, with its folder. */
  const ownPackage = (file: string): OwnPackage | undefined => {
    const folder = posix.dirname(file);
    const at = folder === "." ? "" : folder;
    if (manifests.has(at)) return manifests.get(at);
    let own: OwnPackage | undefined;
    const text = readText(join(dir, at, "package.json"));
    if (text !== undefined) {
      try {
        const manifest = JSON.parse(text) as OwnPackage["manifest"];
        if (manifest !== null && typeof manifest === "object")
          own = { root: at, name: manifest.name, manifest };
      } catch {
        own = undefined; // a package.json that is no JSON names no package
      }
    } else if (at !== "") own = ownPackage(at);
    manifests.set(at, own);
    return own;
  };
  await Promise.all(
    files.map(async (file) => {
      const { specifiers, dynamic } = moduleSpecifiers(await readFile(join(dir, file), "utf8"));
      const edges = new Set<string>();
      if (dynamic) opaque.set(file, `${file} imports a module named by an expression`);
      for (const spec of specifiers) {
        if (spec.startsWith(".") || spec.startsWith("/")) {
          const hit = spec.startsWith("/") ? undefined : resolveRelative(file, spec, exists);
          if (hit) edges.add(hit);
          continue;
        }
        const name = packageName(spec);
        if (spec.startsWith("node:") || BUILTIN.has(name) || BUILTIN.has(spec)) continue;
        const own = ownPackage(file);
        if (own?.name === name) {
          const hits = selfImport(own.root, own.manifest, `.${spec.slice(name.length)}`, exists);
          for (const hit of hits) edges.add(hit);
          if (hits.length > 0) continue;
        }
        const found = packageDir(file, name);
        if (found === undefined)
          opaque.set(file, `${file} imports '${spec}', which resolves nowhere`);
        else if (found !== null)
          for (const f of files) if (f.startsWith(`${found}/`) || found === "") edges.add(f);
      }
      imports.set(file, edges);
    }),
  );
  return { files, imports, opaque };
}

/** Every file that imports one of `targets`, directly or through others (the targets included). */
export function importersOf(graph: Pick<ImportGraph, "imports">, targets: readonly string[]) {
  const reverse = new Map<string, string[]>();
  for (const [file, edges] of graph.imports)
    for (const to of edges) {
      const list = reverse.get(to);
      if (list) list.push(file);
      else reverse.set(to, [file]);
    }
  const seen = new Set(targets);
  const queue = [...targets];
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const from of reverse.get(next) ?? [])
      if (!seen.has(from)) {
        seen.add(from);
        queue.push(from);
      }
  return seen;
}

/** Every file `roots` import, directly or through others (the roots included). */
export function importedBy(graph: Pick<ImportGraph, "imports">, roots: readonly string[]) {
  const seen = new Set(roots);
  const queue = [...roots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const to of graph.imports.get(next) ?? [])
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  return seen;
}
