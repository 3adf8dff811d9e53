import { existsSync } from "node:fs";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import { baseFindings } from "../hold-line.js";
import type { ToolCommand } from "../tools/command.js";
import type { RawFinding } from "../tools/run-tool.js";
import { toolVersion } from "../tools/tool-version.js";
import type { GateTestCase, TestRun } from "../tools/vitest.js";

/** The failing tests of one vitest or jest command of the run. */
export interface FailedTests {
  command: ToolCommand;
  runner: "vitest" | "jest";
  failed: GateTestCase[];
}

/** Runs `command` in `dir` on these test-file arguments; its report's tests. */
export type RunAt = (dir: string, command: ToolCommand, scoped: string[]) => Promise<TestRun>;

export const FAILED_AT_BASE = "(it failed at the base too: red before this change)";

const keyOf = (file: string | null, name: string) => `${file ?? ""}\0${name}`;

/** Arguments that run exactly these test files (one absent at the base runs nothing). */
const scopeArgs = (runner: FailedTests["runner"], files: string[]) =>
  runner === "jest"
    ? ["--passWithNoTests", "--runTestsByPath", ...files]
    : ["--passWithNoTests", ...files];

/**
 * The failing tests that fail at the base as well: their files run once more, in the base's
 * worktree (cached per merge base, command and files, as every base run is). A test red
 * before the change is still a finding (a loop armed at a red state is there to make it pass),
 * but the agent is told it was red before; a base run that cannot run tells nothing.
 */
export async function failedAtBase(
  ctx: GatesContext,
  runs: readonly FailedTests[],
  runAt: RunAt,
): Promise<Set<string>> {
  const red = new Set<string>();
  for (const { command, runner, failed } of runs) {
    const files = [...new Set(failed.map((t) => t.file).filter((f) => f !== null))].sort();
    if (files.length === 0) continue;
    const parts = ["tests-at-base", command.text, files, toolVersion(ctx.root, runner).text];
    const found = await baseFindings(ctx, parts, async (dir): Promise<RawFinding[]> => {
      // Files the base does not have (a task's red tests are often new) fail nothing there: a
      // run on them alone would run no test, so no runner is started for it.
      if (!files.some((file) => existsSync(join(dir, file)))) return [];
      const run = await runAt(dir, command, scopeArgs(runner, files));
      return (run.tests ?? [])
        .filter((t) => t.status === "failed")
        .map((t) => ({ file: t.file, line: null, rule: "test-failed", message: t.name }));
    });
    for (const f of found) red.add(keyOf(f.file, f.message));
  }
  return red;
}

/**
 * The run's findings with each failing test that also failed at the base said so, and the
 * stage's note naming them.
 */
export function markFailedAtBase(
  run: TestRun,
  runs: readonly FailedTests[],
  red: ReadonlySet<string>,
): void {
  if (red.size === 0) return;
  const failed = runs.flatMap((r) => r.failed);
  const before = failed.filter((t) => red.has(keyOf(t.file, t.name)));
  if (before.length === 0) return;
  run.findings = run.findings.map((f) =>
    f.rule === "test-failed" &&
    before.some((t) => t.file === f.file && f.message.startsWith(`${t.name}: `))
      ? { ...f, message: `${f.message} ${FAILED_AT_BASE}` }
      : f,
  );
  const names = before.map((t) => `${t.file} > ${t.name}`);
  const list = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
  run.notes = [
    ...(run.notes ?? []),
    `${before.length} of ${failed.length} failing test(s) failed at the base too (${list}): red before this change`,
  ];
}
