// Flows and page objects compiled once per content hash, then loaded as plain JS: no tsx (its
// loader hooks put every later import through a round trip to the hooks thread) unless the
// cache misses. One esbuild build of every TypeScript module in the flows folder, split so that
// page objects stay one module each (their state is shared by the flows of a worker, as under
// tsx). Packages stay outside the build, imported from where Node resolved them for the
// source, so the flow gets the same @playwright/test and runner instances as the runner.
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { stateDir } from "@agent-verify/contract/state-dir";

/** Bump when the build options change: an old output is then never reused. */
const FORMAT = 1;
const TS_FLOW = /\.(ts|mts)$/;
/** A module that looks at where it lives would see the cache folder: left to tsx. */
const LOCATION_BOUND = /\bimport\.meta\b|\b__dirname\b|\b__filename\b|\brequire\s*\(/;
const OLD_OUTPUT_MS = 10 * 60_000;
/** Another flows folder's cache not rebuilt for this long (a temp project, a moved repo) goes. */
const OLD_PROJECT_MS = 30 * 24 * 3600_000;

interface CacheRecord {
  format: number;
  key: string;
  inputs: string[];
}

function sha(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The key of these inputs as they are now; undefined when one is gone or location-bound. The
 * names in their folders count too: a new `x.js` beside `x.ts` could change what resolves.
 */
function keyOf(inputs: readonly string[]): string | undefined {
  const hash = createHash("sha256").update(`${FORMAT}\0${process.versions.node}\0`);
  for (const folder of new Set(inputs.map((input) => dirname(input)))) {
    try {
      hash.update(`${folder}\0${readdirSync(folder).sort().join("\0")}\0`);
    } catch {
      return undefined;
    }
  }
  for (const input of inputs) {
    let text: string;
    try {
      text = readFileSync(input, "utf8");
    } catch {
      return undefined;
    }
    if (LOCATION_BOUND.test(text)) return undefined;
    hash.update(`${input}\0${text}\0`);
  }
  return hash.digest("hex").slice(0, 32);
}

function readRecord(path: string): CacheRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(path, "utf8")) as CacheRecord;
    if (record.format !== FORMAT || !Array.isArray(record.inputs)) return undefined;
    return record;
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, path);
}

/** The part of esbuild's API used here (esbuild's types are not the runner's dependency). */
interface ResolveArgs {
  path: string;
  kind: string;
  importer: string;
  resolveDir: string;
  pluginData: unknown;
}
interface PluginBuild {
  onResolve(
    options: { filter: RegExp },
    callback: (args: ResolveArgs) => Promise<object | undefined>,
  ): void;
  resolve(
    path: string,
    options: { kind: string; importer: string; resolveDir: string; pluginData: unknown },
  ): Promise<{ path: string; errors: unknown[] }>;
}
interface Esbuild {
  build(options: {
    [option: string]: unknown;
    plugins: { name: string; setup(build: PluginBuild): void }[];
  }): Promise<{ metafile: { inputs: Record<string, unknown> } }>;
}

/** esbuild as tsx has it (a dependency of tsx, not of the runner). */
function loadEsbuild(): Esbuild {
  const here = createRequire(import.meta.url);
  return createRequire(here.resolve("tsx/package.json"))("esbuild") as Esbuild;
}

const BUILTIN = new Set(builtinModules);

/** Build every TypeScript module of the folder; the record of its inputs, or undefined. */
async function build(folder: string, base: string): Promise<CacheRecord | undefined> {
  const entries = readdirSync(folder)
    .filter((file) => TS_FLOW.test(file) && !/\.(d|test|spec)\.m?ts$/.test(file))
    .map((file) => join(folder, file));
  const esbuild = loadEsbuild();
  const temp = join(base, `tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    const result = await esbuild.build({
      entryPoints: entries,
      absWorkingDir: folder,
      outdir: temp,
      entryNames: "[name]",
      chunkNames: "chunks/[name]-[hash]",
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: `node${process.versions.node.split(".")[0]}`,
      // Node's own resolution: no `module` condition or field.
      conditions: ["node"],
      mainFields: ["main"],
      sourcemap: "inline",
      sourcesContent: false,
      metafile: true,
      logLevel: "silent",
      plugins: [
        {
          name: "packages-where-node-finds-them",
          setup(setup) {
            setup.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (args.pluginData === "resolving") return undefined;
              const name = args.path.replace(/^node:/, "");
              if (args.path.startsWith("node:") || BUILTIN.has(name.split("/")[0] as string))
                return { path: args.path, external: true };
              const found = await setup.resolve(args.path, {
                kind: args.kind,
                importer: args.importer,
                resolveDir: args.resolveDir,
                pluginData: "resolving",
              });
              if (found.errors.length > 0) return { errors: found.errors };
              return { path: pathToFileURL(found.path).href, external: true };
            });
          },
        },
      ],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .map((input) => resolve(folder, input))
      .sort();
    const key = keyOf(inputs);
    if (key === undefined) return undefined;
    const out = join(base, key);
    if (existsSync(out)) rmSync(temp, { recursive: true, force: true });
    else renameSync(temp, out);
    return { format: FORMAT, key, inputs };
  } catch {
    // A syntax error, an import that does not resolve...: tsx loads it and says why.
    return undefined;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Outputs of earlier keys, once no run can still be about to load them. */
function pruneOld(base: string, keep: string): void {
  for (const name of readdirSync(base)) {
    if (name === keep || name === "record.json" || name.startsWith("record.json.")) continue;
    const path = join(base, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > OLD_OUTPUT_MS)
        rmSync(path, { recursive: true, force: true });
    } catch {
      // another run pruned it
    }
  }
}

/** Caches of other flows folders not rebuilt for 30 days (their folder may be long gone). */
function sweepOldProjects(root: string, keep: string): void {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (path === keep) continue;
    try {
      const record = join(path, "record.json");
      const stamp = existsSync(record) ? statSync(record).mtimeMs : statSync(path).mtimeMs;
      if (Date.now() - stamp > OLD_PROJECT_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another run swept it
    }
  }
}

/**
 * The URL of `path` compiled to plain JS, from the cache when every input (the folder's flows
 * and whatever they import outside node_modules) has the content it was built from, else built
 * now. Undefined: not a TypeScript flow, the cache is off (VERIFY_FLOW_CACHE=0), a module that
 * looks at its own location, or a build that failed: the caller loads the source with tsx.
 */
export async function compiledFlowUrl(
  path: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  if (env.VERIFY_FLOW_CACHE === "0" || !TS_FLOW.test(path)) return undefined;
  const folder = dirname(path);
  const root = join(stateDir(env), "flow-cache");
  const base = join(root, sha(folder).slice(0, 16));
  const name = `${basename(path, extname(path))}.mjs`;
  const recordPath = join(base, "record.json");
  try {
    const record = readRecord(recordPath);
    if (record && record.inputs.includes(path) && keyOf(record.inputs) === record.key) {
      const out = join(base, record.key, name);
      if (existsSync(out)) return pathToFileURL(out).href;
    }
    mkdirSync(base, { recursive: true, mode: 0o700 });
    const built = await build(folder, base);
    if (!built || !built.inputs.includes(path)) {
      if (readdirSync(base).length === 0) rmSync(base, { recursive: true, force: true });
      return undefined;
    }
    writeAtomically(recordPath, JSON.stringify(built));
    pruneOld(base, built.key);
    sweepOldProjects(root, base);
    return pathToFileURL(join(base, built.key, name)).href;
  } catch {
    return undefined; // an unwritable state folder: tsx, as before the cache
  }
}
