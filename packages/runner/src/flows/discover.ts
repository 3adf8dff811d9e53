import { existsSync, readdirSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import type { Manifest } from "@agent-verify/contract";

export const DEFAULT_FLOWS_DIR = join(".verify", "src", "flows");
const EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

export function flowsDir(dir: string, manifest: Manifest): string {
  return resolve(dir, manifest.flows_dir ?? DEFAULT_FLOWS_DIR);
}

/** Folders holding the flows' own modules: `.verify/` and flows_dir (see esm-hooks.ts). */
export function flowRoots(dir: string, manifest: Manifest): string[] {
  return [resolve(dir, ".verify"), flowsDir(dir, manifest)];
}

/** Path of the module implementing `name`, or undefined when none exists. */
export function findFlowModule(folder: string, name: string): string | undefined {
  for (const extension of EXTENSIONS) {
    const candidate = join(folder, `${name}${extension}`);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Every module in the folder by flow name, from one directory read (`--list` with
 * thousands of flows must not stat four candidates per flow). The extension order
 * is findFlowModule's.
 */
export function flowModuleIndex(folder: string): Map<string, string> {
  let entries: Set<string>;
  try {
    entries = new Set(readdirSync(folder));
  } catch {
    return new Map();
  }
  const index = new Map<string, string>();
  for (const extension of [...EXTENSIONS].reverse()) {
    for (const file of entries) {
      if (extname(file) === extension) index.set(basename(file, extension), join(folder, file));
    }
  }
  return index;
}

/** Names of every flow module in the folder (test and declaration files excluded). */
export function flowModuleNames(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries
    .filter(
      (file) => EXTENSIONS.includes(extname(file)) && !/\.(d|test|spec)\.[mc]?[tj]s$/.test(file),
    )
    .map((file) => basename(file, extname(file)));
}

/** Flow modules that no manifest entry declares: they can never be run by name. */
export function undeclaredModules(folder: string, manifest: Manifest): string[] {
  const declared = new Set(manifest.flows.map((flow) => flow.name));
  return flowModuleNames(folder).filter((name) => !declared.has(name));
}
