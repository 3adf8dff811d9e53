import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseJsonc } from "../jsonc.js";
import { isScriptFile } from "../catalogue/test-files.js";

/** The project `verify-runner init` writes for the flows and page objects. */
export const VERIFY_PROJECT = ".verify/tsconfig.json";

/** The `tsconfig.json` nearest above a repository-relative path (its own folder first), up to the root. */
export function nearestProject(root: string, path: string): string | undefined {
  let dir = dirname(path);
  for (;;) {
    const candidate = dir === "." ? "tsconfig.json" : `${dir}/tsconfig.json`;
    if (existsSync(join(root, candidate))) return candidate;
    if (dir === "." || dir === "/" || dir === "") return undefined;
    dir = dirname(dir);
  }
}

/** Whether a project names other projects (`references`): it is built with `tsc -b`, not checked alone. */
export function hasReferences(root: string, project: string): boolean {
  try {
    const config = parseJsonc(readFileSync(join(root, project), "utf8")) as {
      references?: unknown;
    } | null;
    return Array.isArray(config?.references) && config.references.length > 0;
  } catch {
    return false;
  }
}

/**
 * The projects that hold the changed script files: each file's nearest `tsconfig.json`, in the
 * order first met. A file with no tsconfig.json above it belongs to none.
 */
export function changedProjects(root: string, changed: readonly string[]): string[] {
  const projects = new Set<string>();
  for (const path of changed) {
    if (!isScriptFile(path)) continue;
    const project = nearestProject(root, path);
    if (project !== undefined) projects.add(project);
  }
  return [...projects];
}

/**
 * The command that checks one project without writing into the tree: `tsc --noEmit -p <project>`,
 * or `tsc -b <project>` for a project with references (gates runs a build in memory: tsc-build.ts).
 */
export function projectCommand(tool: string, root: string, project: string): string {
  if (hasReferences(root, project)) return `${tool} -b ${project}`;
  return `${tool} --noEmit -p ${project}`;
}
