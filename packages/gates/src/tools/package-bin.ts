import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GatesError, GatesErrorCode } from "../errors.js";
import { NODE_TOOLS, resolveTool } from "./command.js";

interface BinPackage {
  name?: string;
  version?: string;
  bin?: string | Record<string, string>;
}

/** The package a trusted tool comes from, and the `bin` name it has there. */
export function toolPackage(tool: string): string | undefined {
  return NODE_TOOLS[tool];
}

function readPackage(root: string, name: string): BinPackage | undefined {
  try {
    return JSON.parse(
      readFileSync(join(root, "node_modules", name, "package.json"), "utf8"),
    ) as BinPackage;
  } catch {
    return undefined;
  }
}

/** The relative path of `tool` in a package's `bin` (a string `bin` names the package's own tool). */
function binEntry(pkg: BinPackage, tool: string): string | undefined {
  if (typeof pkg.bin === "string") return pkg.bin;
  return pkg.bin?.[tool];
}

/**
 * The entry point of a tool gates trusts (vitest, jest, eslint, tsc, …), from its installed
 * package's `bin`, never from `node_modules/.bin`, where a change can put a script of its own.
 * Undefined for any other program, or when the package or its entry is not installed.
 */
export function packageEntry(root: string, tool: string): string | undefined {
  const name = toolPackage(tool);
  if (name === undefined) return undefined;
  const pkg = readPackage(root, name);
  const entry = pkg && binEntry(pkg, tool);
  if (entry === undefined) return undefined;
  const file = join(root, "node_modules", name, entry);
  return existsSync(file) ? file : undefined;
}

/**
 * How to start a tool: a trusted one with node on its package's entry point (a tool whose
 * package is not installed is missing, whatever `node_modules/.bin` holds), `node` itself as
 * the node that runs gates, any other program as `resolveTool` finds it.
 */
export function toolLaunch(
  dir: string,
  tool: string,
  stage: string,
  env: NodeJS.ProcessEnv,
): { file: string; args: string[] } {
  // `node --test` runs on the node that runs gates: a `node_modules/.bin/node` the change
  // writes (a script that exits 0) is never started.
  if (tool === "node") return { file: process.execPath, args: [] };
  const name = toolPackage(tool);
  if (name === undefined) return { file: resolveTool(dir, tool, stage, env), args: [] };
  const entry = packageEntry(dir, tool);
  if (entry !== undefined) return { file: process.execPath, args: [entry] };
  throw new GatesError(
    GatesErrorCode.ToolMissing,
    `${stage}: '${tool}' is not installed (no node_modules/${name} with a '${tool}' bin)`,
    {
      hint: `install it in the repository (e.g. pnpm add -D ${name}) or set commands.${stage} in .verify/gates.yaml`,
    },
  );
}

/** What the installed package of a trusted tool is: its entry, version. */
export interface InstalledTool {
  tool: string;
  name: string;
  version: string | undefined;
  /** `<package>/<bin entry>`, the path a package manager's `.bin` shim launches. */
  entry: string;
}

export function installedTool(root: string, tool: string): InstalledTool | undefined {
  const name = toolPackage(tool);
  const pkg = name === undefined ? undefined : readPackage(root, name);
  const entry = pkg && binEntry(pkg, tool);
  if (name === undefined || entry === undefined) return undefined;
  return { tool, name, version: pkg?.version, entry: join(name, entry).split("\\").join("/") };
}

/**
 * The version of `name` a lockfile at the root pins for the root package, or undefined when
 * there is no lockfile or it does not name the package there. pnpm-lock.yaml (v6-v9),
 * package-lock.json (v2-v3), bun.lock and yarn.lock are read.
 */
export function lockedVersion(root: string, name: string, lockText?: LockText): string | undefined {
  const lock = lockText ?? readLock(root);
  if (lock === undefined) return undefined;
  if (lock.kind === "npm") {
    try {
      const parsed = JSON.parse(lock.text) as { packages?: Record<string, { version?: string }> };
      return parsed.packages?.[`node_modules/${name}`]?.version;
    } catch {
      return undefined;
    }
  }
  if (lock.kind === "pnpm") return pnpmRootVersion(lock.text, name);
  if (lock.kind === "yarn") {
    const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const match = new RegExp(`^"?${quoted}@[^\\n]*:\\n\\s+version:? "?([^"\\n]+)"?`, "m").exec(
      lock.text,
    );
    return match?.[1];
  }
  return undefined;
}

export interface LockText {
  kind: "pnpm" | "npm" | "yarn";
  file: string;
  text: string;
}

export function readLock(root: string): LockText | undefined {
  const files: Array<[LockText["kind"], string]> = [
    ["pnpm", "pnpm-lock.yaml"],
    ["npm", "package-lock.json"],
    ["yarn", "yarn.lock"],
  ];
  for (const [kind, file] of files) {
    try {
      return { kind, file, text: readFileSync(join(root, file), "utf8") };
    } catch {
      // next
    }
  }
  return undefined;
}

/** `importers: '.': devDependencies: vitest: { specifier, version: 3.2.4(@types/node@…) }`. */
function pnpmRootVersion(text: string, name: string): string | undefined {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^importers:\s*$/.test(l));
  if (start < 0) return undefined;
  let inRoot = false;
  let inDeps = false;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (/^\S/.test(line)) break;
    const importer = /^ {2}(\S.*):\s*$/.exec(line);
    if (importer) {
      inRoot = importer[1] === "." || importer[1] === "'.'";
      inDeps = false;
      continue;
    }
    if (!inRoot) continue;
    const section = /^ {4}(\w+):\s*$/.exec(line);
    if (section) {
      inDeps = /^(?:dependencies|devDependencies|optionalDependencies)$/.test(section[1] ?? "");
      continue;
    }
    const dep = /^ {6}(.+):\s*$/.exec(line);
    if (!inDeps || !dep || dep[1]?.replace(/^'|'$/g, "") !== name) continue;
    for (let j = i + 1; j < lines.length && /^ {8}/.test(lines[j] ?? ""); j++) {
      const version = /^ {8}version:\s*'?([^'(\s]+)/.exec(lines[j] ?? "");
      if (version) return version[1];
    }
  }
  return undefined;
}
