import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, skip, type Stage } from "../context.js";
import type { FileChange } from "../diff/change.js";
import { noCodeReason } from "../diff/code-free.js";
import { changeDocReaders } from "../diff/doc-readers.js";
import { TAMPERED_HINT } from "../oracle/canary.js";
import type { CoverageMap } from "../tools/vitest.js";
import type { TestScope, TestScopeKind } from "../diff/test-scope.js";

/** Share of the added lines that carry a statement and ran, or undefined when none carries one. */
export function changedLineCoverage(
  files: readonly FileChange[],
  coverage: CoverageMap,
): number | undefined {
  let coverable = 0;
  let covered = 0;
  for (const file of files) {
    const entry = coverage.get(file.path);
    if (!entry) continue;
    const hitByLine = new Map<number, boolean>();
    for (const [id, range] of Object.entries(entry.statementMap)) {
      const line = range.start.line;
      hitByLine.set(line, (hitByLine.get(line) ?? false) || (entry.s[id] ?? 0) > 0);
    }
    for (const line of file.added.keys()) {
      const hit = hitByLine.get(line);
      if (hit === undefined) continue;
      coverable += 1;
      if (hit) covered += 1;
    }
  }
  return coverable === 0 ? undefined : (100 * covered) / coverable;
}

const ORACLE_TEST_HINT =
  "every test of the oracle must run and pass as the task began: undo what filters, skips, renames or removes it; a test the task changes on purpose is declared in the task file (## TESTS, action: modify, reason:)";

/** Stage 6: the tests pass, with coverage produced; optionally a minimum coverage of the changed lines. */
export const tests: Stage = async (ctx) => {
  // Documentation only, none of it the oracle's or read by a test: no test can change its verdict, so none runs.
  const oracle = await ctx.oracle();
  const held = new Set(oracle.paths());
  const noCode =
    noCodeReason(ctx.change, held) &&
    noCodeReason(ctx.change, held, await changeDocReaders(ctx.root, ctx.change, oracle));
  if (noCode !== undefined) return skip(noCode);
  const run = await ctx.testRun();
  if (!run) {
    const commands = ctx.commands("test");
    return skip("off" in commands ? commands.off : "no test command");
  }
  const findings: GateFinding[] = run.findings.map((f) =>
    finding(
      "tests",
      f.file,
      f.line,
      f.rule,
      f.message,
      f.rule === "tampered-runner"
        ? TAMPERED_HINT
        : f.rule === "oracle-test-missing" || f.rule === "oracle-test-skipped"
          ? ORACLE_TEST_HINT
          : "make the test pass by fixing the code, not the test",
    ),
  );
  const min = ctx.config.coverage.changed_lines_min;
  const percent =
    min === undefined ? undefined : changedLineCoverage(ctx.change.files, run.coverage);
  if (min !== undefined && percent !== undefined && percent < min) {
    const message = `changed lines ${percent.toFixed(1)}% covered, below coverage.changed_lines_min ${min}%`;
    findings.push(
      finding(
        "tests",
        null,
        null,
        "changed-lines-coverage",
        message,
        "add tests for the changed lines",
      ),
    );
  }
  const notes = [scopeNote(run.scope, ctx.testScope), ...(run.notes ?? [])].filter(
    (note) => note !== undefined,
  );
  return outcome(findings, notes.length > 0 ? notes.join("; ") : undefined);
};

/** What a related run ran and what it left out: a verdict never rests on a test that did not run. */
export function scopeNote(scope: TestScope | undefined, wanted: TestScopeKind): string | undefined {
  if (scope === undefined || wanted === "full") return undefined;
  if (scope.scope === "full") return `the whole suite ran: ${scope.reason}`;
  const list = (paths: readonly string[]) =>
    paths.slice(0, 5).join(", ") + (paths.length > 5 ? ", …" : "");
  const both = scope.bothVersions ?? [];
  const versions =
    both.length > 0 ? `; ${list(both)} ran as the oracle has it and as the change has it` : "";
  return `related tests only (${scope.reason}): ran ${scope.files.length} test file(s) (${list(scope.files)})${versions}; not run: ${scope.unrelated} unrelated test file(s)`;
}
