import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where test/helpers/bd.ts keeps one freshly `bd init`ed tracker per prefix, for this run. */
    bdTemplates: string;
  }
}

/**
 * `bd init` costs seconds of CPU; a tracker copied from one made by the real `bd init` in this
 * run is the same tracker. The helper fills the folder lazily, so a run that makes no tracker
 * pays nothing; it goes when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), "vm-bd-templates-"));
  project.provide("bdTemplates", folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
