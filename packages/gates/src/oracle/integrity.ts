import type { TaskTestEntry } from "@agent-verify/contract";
import { canSkipItself } from "../catalogue/skip-forms.js";
import type { RawFinding } from "../tools/run-tool.js";
import type { TestRun } from "../tools/vitest.js";
import type { OracleCopy } from "./copy.js";
import type { Oracle } from "./oracle.js";
import { staticTestNames } from "./static-tests.js";

type TestCase = NonNullable<TestRun["tests"]>[number];
const RANK: Record<TestCase["status"], number> = { failed: 2, passed: 1, skipped: 0 };

/** A reported full name (describe chain + title, joined by a space or ` > `) is the test `name`. */
const isNamed = (reported: string, name: string) =>
  reported === name || reported.endsWith(` ${name}`) || reported.endsWith(`>${name}`);

/** A `## TESTS` entry or a declared change names this case. */
const names = (entry: { file: string | null; name: string | null }, test: TestCase) =>
  (entry.file === null || entry.file === test.file) &&
  (entry.name === null || isNamed(test.name, entry.name));

/**
 * The test cases under their repository paths: a rewritten test's copy speaks for its file, and a
 * case both versions ran is listed once, failed if either failed, else as the oracle's ran. A
 * test the task declares it changes (`action: modify`) is the change's version only.
 */
function merged(
  tests: readonly TestCase[],
  aliases: ReadonlyMap<string, string>,
  declared: readonly TaskTestEntry[],
): TestCase[] {
  const byKey = new Map<string, TestCase>();
  for (const test of tests) {
    const alias = test.file === null ? undefined : aliases.get(test.file);
    const real = alias === undefined ? test : { ...test, file: alias };
    if (alias === undefined && declared.some((d) => names(d, real))) continue;
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

const missing = (file: string | null, message: string): RawFinding => ({
  file,
  line: null,
  rule: "oracle-test-missing",
  message,
});

const skippedFinding = (file: string, name: string): RawFinding => ({
  file,
  line: null,
  rule: "oracle-test-skipped",
  message: `${name}: reported skipped, but the test as the task began cannot skip itself (something in the change made the runner skip it)`,
});

/** The oracle's tests of a file that surely run, by the names the runner prints. */
async function oracleTestNames(oracle: Oracle, path: string): Promise<string[]> {
  return staticTestNames(path, (await oracle.read(path)) ?? "").catch(() => []);
}

/**
 * Every oracle test must be found, run and pass (issue 34 §2): of each oracle test file the
 * run reported, every test the oracle defines must be in the report, and not skipped unless the
 * oracle's own text can skip it; a test file moved whole must have its tests run under the new
 * name; an oracle test file the change touched must still be run when a sibling of it was; and
 * each acceptance test of the task (`## TESTS`) must be in the report. A test the task declares
 * it changes is exempt.
 */
async function oracleFindings(
  oracle: Oracle,
  copy: OracleCopy,
  raw: readonly TestCase[],
  tests: readonly TestCase[],
  entries: readonly TaskTestEntry[],
): Promise<RawFinding[]> {
  const findings: RawFinding[] = [];
  const declared = entries.filter((e) => e.action === "modify");
  const exempt = (file: string, name: string) =>
    copy.declared.includes(file) ||
    declared.some((d) => d.file === file && (d.name === null || isNamed(name, d.name)));
  const isOracleTest = (file: string | null): file is string =>
    file !== null && oracle.files.get(file)?.kind === "test";
  const ranFiles = new Set(tests.map((t) => t.file).filter(isOracleTest));

  // Reported skipped (or todo), though the oracle's text cannot skip anything on its own.
  const canSkip = new Map<string, boolean>();
  const skippedSeen = new Set<string>();
  for (const test of raw) {
    if (test.status !== "skipped" || !isOracleTest(test.file) || copy.aliases.has(test.file))
      continue;
    if (exempt(test.file, test.name)) continue;
    if (!canSkip.has(test.file))
      canSkip.set(test.file, canSkipItself((await oracle.read(test.file)) ?? ""));
    if (canSkip.get(test.file)) continue;
    skippedSeen.add(`${test.file}\0${test.name}`);
    findings.push(skippedFinding(test.file, test.name));
  }

  // Of each oracle file the run reported, every test the oracle defines.
  for (const file of ranFiles) {
    if (copy.declared.includes(file)) continue;
    const own = tests.filter((t) => t.file === file);
    for (const name of await oracleTestNames(oracle, file)) {
      if (exempt(file, name) || own.some((t) => isNamed(t.name, name))) continue;
      findings.push(
        missing(
          file,
          `${name}: a test of the oracle is not in the run's report (filtered out, renamed or removed)`,
        ),
      );
    }
  }

  // A test file moved whole: its tests must run under the new name.
  for (const file of copy.moved) {
    for (const name of await oracleTestNames(oracle, file)) {
      if (tests.some((t) => t.file !== null && isNamed(t.name, name))) continue;
      findings.push(
        missing(
          file,
          `${name}: the test moved to another file, but that file was not run (is it outside the runner's include?)`,
        ),
      );
    }
  }

  // An oracle file the change touched, not run while a sibling of the same kind ran.
  const suffix = (path: string) => /\.(?:test|spec)\.[cm]?[jt]sx?$/.exec(path)?.[0];
  const dir = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
  for (const file of copy.restored) {
    if (ranFiles.has(file) || copy.declared.includes(file) || suffix(file) === undefined) continue;
    const sibling = [...ranFiles].some((f) => dir(f) === dir(file) && suffix(f) === suffix(file));
    if (sibling)
      findings.push(
        missing(
          file,
          "a test file of the oracle the change edited was not run, while its neighbours were (a config or filter leaves it out)",
        ),
      );
  }

  // The task's acceptance tests.
  for (const entry of entries.filter((e) => e.action === "keep")) {
    const found = tests.filter((t) => names(entry, t));
    const what = [entry.file, entry.name].filter((p) => p !== null).join(" > ");
    if (found.length === 0)
      findings.push(
        missing(
          entry.file,
          `${what}: an acceptance test of the task (## TESTS) is not in the run's report`,
        ),
      );
    else
      for (const test of found.filter((t) => t.status === "skipped" && t.file !== null))
        if (!skippedSeen.has(`${test.file}\0${test.name}`))
          findings.push(skippedFinding(test.file as string, test.name));
  }
  return findings;
}

/**
 * The run, said in repository terms and checked against the oracle: a rewritten test's copy is
 * reported under its own path, and every test of the oracle must be found, run and pass.
 */
export async function oracleIntegrity(
  oracle: Oracle,
  copy: OracleCopy,
  run: TestRun,
  entries: readonly TaskTestEntry[] = [],
): Promise<TestRun> {
  const real = (file: string | null) => (file === null ? null : (copy.aliases.get(file) ?? file));
  const declared = entries.filter((e) => e.action === "modify");
  const tests = run.tests && merged(run.tests, copy.aliases, declared);
  // The oracle's version of a test the task declares it changes does not count: the change's does.
  const oracleVersionOfDeclared = (f: RawFinding) =>
    f.rule === "test-failed" &&
    f.file !== null &&
    !copy.aliases.has(f.file) &&
    declared.some((d) => d.file === f.file && d.name !== null && f.message.includes(`${d.name}: `));
  const findings = run.findings
    .filter((f) => !oracleVersionOfDeclared(f))
    .map((f) => ({ ...f, file: real(f.file) }));
  const coverage = new Map([...run.coverage].filter(([path]) => !copy.aliases.has(path)));
  if (tests)
    findings.push(...(await oracleFindings(oracle, copy, run.tests ?? [], tests, entries)));
  return { ...run, findings, coverage, ...(tests ? { tests } : {}) };
}
