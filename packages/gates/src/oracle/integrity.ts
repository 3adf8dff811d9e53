import type { TestRun } from "../tools/vitest.js";
import type { OracleCopy } from "./copy.js";
import type { Oracle } from "./oracle.js";

/** Any way a test file can skip, focus or expect a failure on its own: then "skipped" is its say. */
const SKIP_FORMS =
  /\.(?:skip|todo|only|fixme|fails|failing|skipIf|runIf)\b|\b(?:xit|xtest|xdescribe|fit|fdescribe)\b|\bskip\s*[:(]|\btodo\s*:|\.skip\s*\(|\[\s*["'`](?:skip|todo|only)["'`]\s*\]/;

type TestCase = NonNullable<TestRun["tests"]>[number];
const RANK: Record<TestCase["status"], number> = { failed: 2, passed: 1, skipped: 0 };

/**
 * The test cases under their repository paths: a rewritten test's copy speaks for its file, and a
 * case both versions ran is listed once, failed if either failed, else as the oracle's ran.
 */
function merged(tests: readonly TestCase[], aliases: ReadonlyMap<string, string>): TestCase[] {
  const byKey = new Map<string, TestCase>();
  for (const test of tests) {
    const alias = test.file === null ? undefined : aliases.get(test.file);
    const real = alias === undefined ? test : { ...test, file: alias };
    const key = `${real.file ?? ""}\0${real.name}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, real);
    else if (
      real.status === "failed" ||
      (alias === undefined && RANK[real.status] >= RANK[seen.status])
    )
      byKey.set(key, real.status === "failed" || seen.status !== "failed" ? real : seen);
  }
  return [...byKey.values()];
}

/**
 * The run, said in repository terms and checked against the oracle: a rewritten test's copy is
 * reported under its own path, and a test of an oracle file that cannot skip anything on its own
 * but was reported skipped (or todo) did not really run: a finding naming it.
 */
export async function oracleIntegrity(
  oracle: Oracle,
  copy: OracleCopy,
  run: TestRun,
): Promise<TestRun> {
  const real = (file: string | null) => (file === null ? null : (copy.aliases.get(file) ?? file));
  const tests = run.tests && merged(run.tests, copy.aliases);
  const findings = run.findings.map((f) => ({ ...f, file: real(f.file) }));
  const coverage = new Map([...run.coverage].filter(([path]) => !copy.aliases.has(path)));
  const cannotSkip = new Map<string, boolean>();
  for (const test of run.tests ?? []) {
    if (test.status !== "skipped" || test.file === null || copy.aliases.has(test.file)) continue;
    if (!oracle.files.has(test.file) || oracle.files.get(test.file)?.kind !== "test") continue;
    if (!cannotSkip.has(test.file))
      cannotSkip.set(test.file, !SKIP_FORMS.test((await oracle.read(test.file)) ?? ""));
    if (!cannotSkip.get(test.file)) continue;
    findings.push({
      file: test.file,
      line: null,
      rule: "oracle-test-skipped",
      message: `${test.name}: reported skipped, but the test as the task began cannot skip itself (something in the change made the runner skip it)`,
    });
  }
  return { ...run, findings, coverage, ...(tests ? { tests } : {}) };
}
