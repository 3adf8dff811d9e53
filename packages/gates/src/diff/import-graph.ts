import { existsSync, realpathSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, posix, relative, sep } from "node:path";

const SCRIPT = /\.[cm]?[jt]sx?$/;
/** Folders never scanned: installs, caches, reports (what the oracle copy does not carry). */
const SKIPPED = new Set(["node_modules", ".git", ".verify", "coverage", ".turbo", ".cache"]);

/** Literal module references: static imports and re-exports, side-effect imports, `import()`, `require()`, mocks. */
const FROM = /\b(?:import|export)\s(?:[^'"`;]|\n)*?\bfrom\s*["']([^"'\n]+)["']/g;
const BARE_IMPORT = /\bimport\s*["']([^"'\n]+)["']/g;
const CALL =
  /\b(?:import|require|importActual|requireActual|importMock|requireMock|mock|doMock|unmock|resolve)\s*\(\s*(["'`])([^"'`\n$]*)\1\s*[,)]/g;
/** A module named by an expression: the graph cannot follow it. */
const NOT_LITERAL =
  /\b(?:import|require)\s*\(\s*(?!["'`][^"'`\n$]*["'`]\s*[,)])(?!\s*\))|\bimport\.meta\.glob\b|\brequire\.context\b/;

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

/** The module names a file's text refers to, and whether it also names one by an expression. */
export function moduleSpecifiers(text: string): { specifiers: string[]; dynamic: boolean } {
  const specifiers = new Set<string>();
  for (const m of text.matchAll(FROM)) specifiers.add(m[1] ?? "");
  for (const m of text.matchAll(BARE_IMPORT)) specifiers.add(m[1] ?? "");
  for (const m of text.matchAll(CALL)) specifiers.add(m[2] ?? "");
  specifiers.delete("");
  return { specifiers: [...specifiers], dynamic: NOT_LITERAL.test(text) };
}

const BUILTIN = new Set(builtinModules);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

/** A relative specifier's file: as written, with the TypeScript extension for `.js`, or an index. */
function resolveRelative(from: string, spec: string, exists: (p: string) => boolean) {
  const target = posix.normalize(posix.join(posix.dirname(from), spec));
  const stem = target.replace(/\.[cm]?jsx?$/, "");
  const candidates = [
    target,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => `${target}/index${e}`),
  ];
  return candidates.find(exists);
}

/** A bare specifier's package name (`@scope/name/sub` → `@scope/name`). */
const packageName = (spec: string) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec);

/**
 * The import graph of the repository at `dir`, read with regular expressions (a reference found
 * in a comment only adds an edge, never hides one). A bare specifier resolves through
 * `node_modules` up the tree: an installed package outside the repository is no edge, a
 * workspace package (linked to a folder of the repository) stands for every file in that folder,
 * and one that resolves nowhere (a path alias, a virtual module) makes its file opaque.
 */
export async function importGraph(dir: string): Promise<ImportGraph> {
  const files = await walk(dir);
  const known = new Set(files);
  const exists = (p: string) => known.has(p) || existsSync(join(dir, p));
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
