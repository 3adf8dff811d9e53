import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesContext } from "./context.js";
import type { RawFinding } from "./tools/run-tool.js";
import { VERSION } from "./version.js";

export const CACHE_DIR = join(tmpdir(), "verify-gates-cache");

/**
 * What a cached base run holds, and how its paths are named: a gates that reads them otherwise
 * (2: paths outside the base's worktree named from the root) must not read an older entry, and
 * the folder is shared by every gates on the machine.
 */
const CACHE_FORMAT = `${VERSION}/2`;

const keyOf = (f: RawFinding) => `${f.file ?? ""}\0${f.rule}\0${f.message}`;

/**
 * Findings that are new against the base, matched by file + rule + message (never by line).
 * Old findings on lines the change did not add are matched first, so what remains is the change's own.
 */
export function newAgainstBase(
  ctx: GatesContext,
  current: RawFinding[],
  base: RawFinding[],
): RawFinding[] {
  const renamed = new Map(
    ctx.change.files.filter((f) => f.oldPath).map((f) => [f.oldPath ?? "", f.path]),
  );
  const addedLines = new Map(ctx.change.files.map((f) => [f.path, f.added]));
  const budget = new Map<string, number>();
  for (const f of base) {
    const key = keyOf({ ...f, file: f.file === null ? null : (renamed.get(f.file) ?? f.file) });
    budget.set(key, (budget.get(key) ?? 0) + 1);
  }
  const onAdded = (f: RawFinding) =>
    f.file && f.line !== null && addedLines.get(f.file)?.has(f.line) ? 1 : 0;
  const ordered = [...current].sort((a, b) => onAdded(a) - onAdded(b));
  const fresh: RawFinding[] = [];
  for (const f of ordered) {
    const left = budget.get(keyOf(f)) ?? 0;
    if (left > 0) budget.set(keyOf(f), left - 1);
    else fresh.push(f);
  }
  return fresh;
}

/** Run a tool at the merge base once per (merge base, stage, command, tool version, inputs); cached on disk. */
export async function baseFindings(
  ctx: GatesContext,
  parts: unknown[],
  run: (dir: string) => Promise<RawFinding[]>,
): Promise<RawFinding[]> {
  const key = createHash("sha256")
    .update(JSON.stringify([CACHE_FORMAT, ctx.change.mergeBase, ...parts]))
    .digest("hex");
  const file = join(CACHE_DIR, `base-${key}.json`);
  try {
    return JSON.parse(await readFile(file, "utf8")) as RawFinding[];
  } catch {
    // not cached yet
  }
  let found: RawFinding[];
  try {
    found = await run(await ctx.baseDir());
  } catch (error) {
    // The tool cannot run at the base (e.g. its config is new in this change): all findings count.
    ctx.progress(
      `  base run failed, every finding counts: ${(error as Error).message.split("\n")[0]}`,
    );
    return [];
  }
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(file, JSON.stringify(found));
  return found;
}
