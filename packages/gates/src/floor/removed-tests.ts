import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isDeclared, type DeclaredTest } from "./declared.js";
import type { JudgedFile } from "./judged-files.js";
import { isTestFile } from "../catalogue/test-files.js";
import {
  describeBlocks,
  fileTestDefinitions as definitions,
  type DescribeBlock,
  type TestDefinition,
} from "../test-count.js";

/** Tests in `a` that `b` does not hold by name, one for one (a name may appear twice). */
function minus<T extends { name: string }>(a: readonly T[], b: readonly { name: string }[]): T[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t.name, (left.get(t.name) ?? 0) + 1);
  return a.filter((t) => {
    const n = left.get(t.name) ?? 0;
    if (n > 0) left.set(t.name, n - 1);
    return n === 0;
  });
}

/** Take the first test of `pool` that `match` accepts out of it. */
function take(pool: TestDefinition[], match: (t: TestDefinition) => boolean): boolean {
  const index = pool.findIndex(match);
  if (index >= 0) pool.splice(index, 1);
  return index >= 0;
}

const sameBody = (a: TestDefinition) => (b: TestDefinition) => a.body !== "" && a.body === b.body;

/**
 * The test lives on: renamed with its body unchanged (a `test.each` name rewritten as a template
 * literal), split into a `describe` of the same name whose tests hold every statement it had,
 * or moved (by name or body) among the tests the change added elsewhere.
 */
function livesOn(
  test: TestDefinition,
  fresh: TestDefinition[],
  describes: readonly DescribeBlock[],
  pool: TestDefinition[],
): boolean {
  if (take(fresh, sameBody(test))) return true;
  const split = describes.some(
    (d) =>
      d.name === test.name &&
      test.statements.length > 0 &&
      test.statements.every((statement) => d.text.includes(statement)),
  );
  if (split) return true;
  return take(pool, (t) => t.name === test.name) || take(pool, sameBody(test));
}

/** Tests the change added to its test files (by name): a test removed from one file may live on there. */
export async function addedTests(files: readonly JudgedFile[]): Promise<TestDefinition[]> {
  const out: TestDefinition[] = [];
  for (const file of files) {
    if (file.after === undefined || !isTestFile(file.path)) continue;
    const before =
      file.before === undefined ? [] : await definitions(file.oldPath ?? file.path, file.before);
    out.push(...minus(await definitions(file.path, file.after), before));
  }
  return out;
}

/** A deleted test file whose tests all live on among the added ones was moved, not deleted. */
export async function movedElsewhere(file: JudgedFile, pool: TestDefinition[]): Promise<boolean> {
  if (file.before === undefined) return false;
  const wanted = await definitions(file.oldPath ?? file.path, file.before);
  const trial = [...pool];
  const moved = wanted.every(
    (t) => take(trial, (p) => p.name === t.name) || take(trial, sameBody(t)),
  );
  if (moved) pool.splice(0, pool.length, ...trial);
  return moved && wanted.length > 0;
}

/**
 * A kept test file must keep its tests: a removed one is a finding even when the count holds (a
 * test deleted and a trivial one added), unless it lives on (renamed with its body, split into a
 * describe, moved to another test file). Tests the task declares it may change are exempt.
 */
export async function removedTests(
  file: JudgedFile,
  pool: TestDefinition[],
  declared: readonly DeclaredTest[] = [],
): Promise<GateFinding[]> {
  if (file.before === undefined || file.after === undefined) return [];
  const before = await definitions(file.oldPath ?? file.path, file.before);
  const after = await definitions(file.path, file.after);
  const fresh = minus(after, before);
  const describes = await describeBlocks(file.path, file.after);
  const removed = minus(before, after).filter(
    (t) => !isDeclared(declared, file.path, t.name) && !livesOn(t, fresh, describes, pool),
  );
  const first = removed[0];
  if (first === undefined) return [];
  const line = file.diff.newLineOf(first.line);
  const names = removed.map((t) => `'${t.name}'`).join(", ");
  const counts = `${before.length} at the start, ${after.length} now`;
  const message =
    after.length < before.length
      ? `fewer test definitions: ${counts} (removed ${names})`
      : `test${removed.length === 1 ? "" : "s"} removed: ${names} (${counts}; a renamed test counts as removed unless its body is unchanged)`;
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
