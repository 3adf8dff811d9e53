import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";
import { isDeclared, type DeclaredTest } from "./declared.js";
import { assertionsOf, isTautology, type Assertion, type Guard } from "./expect-calls.js";
import { identifierRenames, withRenames } from "./identifier-renames.js";
import type { JudgedFile } from "./judged-files.js";
import { fileTestDefinitions } from "../test-count.js";

const HINT =
  "the test as the task began decides: fix the code, not the test (or declare the test under ## TESTS with action: modify and a reason)";

/** Matchers that say little: replacing one of them with another matcher on the same value is stricter. */
const WEAK = new Set([
  "",
  "toBeDefined",
  "toBeTruthy",
  "toBeFalsy",
  "toBeUndefined",
  "toBeNull",
  "toBeNaN",
  "toBeTypeOf",
  "toBeInstanceOf",
  "toHaveBeenCalled",
  "toThrow",
  "toThrowError",
  "anything",
  "ok",
]);
/** A matcher and its sharper twin on the same expected value (jest/vitest, node:assert). */
const SHARPER: Record<string, string> = {
  toEqual: "toStrictEqual",
  equal: "strictEqual",
  deepEqual: "deepStrictEqual",
};

const GUARD_WORDS: Record<Guard, string> = {
  "if-false": "now behind a condition that is never true",
  "try-catch": "now inside a try/catch that swallows its failure",
  "not-awaited": "no longer awaited (its promise's failure is never seen)",
};

const show = (a: Assertion) =>
  a.text.replace(/^(.{0,100}).*$/, (_m, head: string) =>
    head.length < a.text.length ? `${head}…` : head,
  );

/** `after` checks `before`'s value at least as hard (same value, a sharper matcher). */
function atLeastAsStrict(before: Assertion, after: Assertion): boolean {
  if (before.subject !== after.subject || before.negated !== after.negated) return false;
  if (after.soft && !before.soft) return false;
  if (after.guards.some((g) => !before.guards.includes(g))) return false;
  if (SHARPER[before.matcher] === after.matcher) return before.expected === after.expected;
  return WEAK.has(before.matcher) && !WEAK.has(after.matcher) && !isTautology(after);
}

function whatChanged(before: Assertion, after: Assertion | undefined): string {
  if (after === undefined) return `assertion removed: ${show(before)}`;
  const extra = after.guards.filter((g) => !before.guards.includes(g));
  if (after.text === before.text && extra[0])
    return `assertion ${GUARD_WORDS[extra[0]]}: ${show(after)}`;
  const why = isTautology(after)
    ? " (a tautology: it passes whatever the code does)"
    : after.negated !== before.negated
      ? " (.not added or removed)"
      : after.soft && !before.soft
        ? " (expect.soft: a failure no longer stops the test)"
        : after.matcher.includes("InlineSnapshot")
          ? " (inline snapshot rewritten)"
          : extra[0]
            ? ` (${GUARD_WORDS[extra[0]]})`
            : "";
  return `assertion loosened: ${show(before)} → ${show(after)}${why}`;
}

const byTest = (list: readonly Assertion[]) => {
  const map = new Map<string, Assertion[]>();
  for (const a of list) map.set(a.test, [...(map.get(a.test) ?? []), a]);
  return map;
};

/**
 * The old assertions as the change's renames would write them: a function renamed in its module
 * and at its call sites leaves each assertion that calls it as it was (identifier-renames.ts).
 */
async function renamedOlds(
  file: JudgedFile & { before: string },
  change: readonly JudgedFile[],
  olds: Assertion[],
  news: Assertion[],
): Promise<Assertion[]> {
  const texts = new Set(news.map((a) => a.text));
  const lost = olds.filter((a) => !texts.has(a.text));
  if (lost.length === 0) return olds;
  const renames = await identifierRenames(file, change);
  if (renames.size === 0) return olds;
  const path = file.oldPath ?? file.path;
  return assertionsOf(path, await withRenames(path, file.before, renames));
}

/**
 * Assertions of an oracle test file that the change removed or loosened, test by test: each
 * assertion of the oracle must still be there as it was (or replaced by a stricter one on the
 * same value), up to the identifiers the change renamed across its files. Tests the change
 * added, and assertions it added, are never findings; a test removed as a whole is
 * removed-tests' finding. `change`: every file the floor judges, where a rename shows.
 */
export async function weakenedAssertions(
  file: JudgedFile,
  declared: readonly DeclaredTest[],
  change: readonly JudgedFile[] = [],
): Promise<GateFinding[]> {
  const { before, after } = file;
  if (!file.isOracle || before === undefined || after === undefined) return [];
  if (!isTestFile(file.path) || !isScriptFile(file.path) || isDeclared(declared, file.path))
    return [];
  const news = await assertionsOf(file.path, after);
  const olds = await assertionsOf(file.oldPath ?? file.path, before);
  const was = byTest(await renamedOlds({ ...file, before }, change, olds, news));
  const now = byTest(news);
  const present = new Set((await fileTestDefinitions(file.path, after)).map((t) => t.name));
  const out: GateFinding[] = [];
  const everywhere = [...now.values()].flat();
  const movedAsIs = (old: Assertion) => {
    const index = everywhere.findIndex(
      (a) => a.text === old.text && a.guards.every((g) => old.guards.includes(g)),
    );
    if (index >= 0) everywhere.splice(index, 1);
    return index >= 0;
  };
  for (const [test, olds] of was) {
    // A test that went as a whole is removed-tests' finding.
    if ((test !== "" && !present.has(test)) || isDeclared(declared, file.path, test)) continue;
    const news = now.get(test) ?? [];
    const pool = [...news];
    const take = (match: (a: Assertion) => boolean) => {
      const index = pool.findIndex(match);
      return index < 0 ? undefined : pool.splice(index, 1)[0];
    };
    const unmatched: Assertion[] = [];
    for (const old of olds) {
      const same = take(
        (a) => a.text === old.text && a.guards.every((g) => old.guards.includes(g)),
      );
      if (!same) unmatched.push(old);
    }
    for (const old of unmatched) {
      if (take((a) => atLeastAsStrict(old, a))) continue;
      const replaced =
        take((a) => a.subject === old.subject) ??
        take((a) => a.text === old.text) ??
        take(isTautology);
      // Moved as it was into a helper or another test of the file: a refactor, not a loosening.
      if (replaced === undefined && movedAsIs(old)) continue;
      const line = replaced?.line ?? file.diff.newLineOf(old.line);
      out.push(
        finding(
          "floor",
          file.path,
          line,
          "weakened-test",
          `'${test || "(top level)"}': ${whatChanged(old, replaced)}`,
          HINT,
        ),
      );
    }
  }
  return out;
}
