import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import { isPresent, type FileChange } from "../diff/change.js";
import { oracleKind } from "../catalogue/oracle-kinds.js";
import { isScriptFile } from "../catalogue/test-files.js";

/** A changed source file: its path, the lines the change added, and its text in the working tree. */
export interface ChangedSource {
  path: string;
  added: ReadonlyMap<number, string>;
  text: string;
  file: FileChange;
}

/**
 * The changed JS/TS files that are code, not tests: no test file, test helper, config or
 * package file (those are the oracle's, judged elsewhere), nothing under node_modules.
 */
export async function changedSources(ctx: GatesContext): Promise<ChangedSource[]> {
  const out: ChangedSource[] = [];
  for (const file of ctx.change.files) {
    if (!isPresent(file) || file.added.size === 0) continue;
    if (!isScriptFile(file.path) || /\.d\.[cm]?ts$/.test(file.path)) continue;
    if (oracleKind(file.path) !== undefined || /(?:^|\/)node_modules\//.test(file.path)) continue;
    const text = await readFile(join(ctx.root, file.path), "utf8").catch(() => undefined);
    if (text !== undefined) out.push({ path: file.path, added: file.added, text, file });
  }
  return out;
}
