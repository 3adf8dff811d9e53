import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GateFinding } from "@agent-verify/contract";
import { finding, type GatesContext } from "../context.js";
import { isPresent, type FileChange } from "../diff/change.js";
import { showFile } from "../diff/git.js";
import { mapOldLine } from "../diff/unified-diff.js";
import { isTestFile } from "./floor-patterns.js";
import { fileTestDefinitions as definitions, type TestDefinition } from "./test-count.js";

/** Names in `a` that `b` does not hold, one for one (a name may appear twice). */
function minus<T extends { name: string }>(a: readonly T[], b: readonly { name: string }[]): T[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t.name, (left.get(t.name) ?? 0) + 1);
  return a.filter((t) => {
    const n = left.get(t.name) ?? 0;
    if (n > 0) left.set(t.name, n - 1);
    return n === 0;
  });
}

/** Test names the change added to its test files: a test removed from one file may live on there. */
export async function addedTestNames(ctx: GatesContext): Promise<string[]> {
  const names: string[] = [];
  for (const file of ctx.change.files) {
    if (!isPresent(file) || !isTestFile(file.path)) continue;
    const working = await readFile(join(ctx.root, file.path), "utf8").catch(() => "");
    const base = await showFile(ctx.root, ctx.change.mergeBase, file.oldPath ?? file.path);
    const before = base === undefined ? [] : await definitions(file.oldPath ?? file.path, base);
    names.push(...minus(await definitions(file.path, working), before).map((t) => t.name));
  }
  return names;
}

/** Take the names found among the moved ones out of `removed` (and out of the pool). */
function notMoved(removed: TestDefinition[], moved: string[]): TestDefinition[] {
  return removed.filter((t) => {
    const index = moved.indexOf(t.name);
    if (index >= 0) moved.splice(index, 1);
    return index < 0;
  });
}

/**
 * A kept test file must keep its tests by name: a removed name is a finding even when the
 * count holds (a test deleted and a trivial one added), unless the test moved to another test file.
 */
export async function removedTests(
  ctx: GatesContext,
  file: FileChange,
  working: string,
  moved: string[],
): Promise<GateFinding[]> {
  const basePath = file.oldPath ?? file.path;
  const base = await showFile(ctx.root, ctx.change.mergeBase, basePath);
  if (base === undefined) return [];
  const before = await definitions(basePath, base);
  const after = await definitions(file.path, working);
  const removed = notMoved(minus(before, after), moved);
  const first = removed[0];
  if (first === undefined) return [];
  const line = mapOldLine(file.hunks, first.line);
  const names = removed.map((t) => `'${t.name}'`).join(", ");
  const counts = `${before.length} at base, ${after.length} now`;
  const message =
    after.length < before.length
      ? `fewer test definitions: ${counts} (removed ${names})`
      : `test${removed.length === 1 ? "" : "s"} removed: ${names} (${counts}; a renamed test counts as removed)`;
  return [
    finding(
      "floor",
      file.path,
      line,
      "removed-tests",
      message,
      "keep the tests and their names; fix the code they check",
    ),
  ];
}
