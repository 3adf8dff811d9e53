import { randomBytes } from "node:crypto";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { mayFocus } from "../catalogue/skip-forms.js";
import type { RawFinding } from "../tools/run-tool.js";
import type { TestRun } from "../tools/vitest.js";

export type CanaryRunner = "vitest" | "jest" | "node-test";

/**
 * Tests gates appends, in the copy, to every test file of the oracle, under names the tree
 * cannot know in advance: one must pass, two must fail (a `toBe` and a `toEqual`, the assertions
 * tests use most; for `node --test`, four: `assert` and `assert/strict`'s `equal` and
 * `deepEqual` forms, each alone). They share the file's module context, so a matcher overridden from the code
 * under test, a patched `Object.is` or a rewriting setup file reaches them too: a runner that
 * reports them otherwise cannot be trusted.
 */
export interface Canary {
  /** The files that carry the canary tests (copy-relative = repository paths). */
  files: string[];
  /**
   * Each carrier's canary names, unique to it: a runner that does not say which file a passing
   * test came from (`node --test`'s TAP) still tells them apart.
   */
  names: Map<string, CanaryNames>;
}

export interface CanaryNames {
  pass: string;
  fail: string[];
  /** What each failing canary asserts (`toBe`, `assert/strict equal`): the finding says which one lied. */
  checks?: string[];
}

const CHECKS: Record<CanaryRunner, string[]> = {
  vitest: ["toBe", "toEqual"],
  jest: ["toBe", "toEqual"],
  "node-test": [
    "assert/strict equal",
    "assert strictEqual",
    "assert/strict deepEqual",
    "assert deepStrictEqual",
  ],
};

const word = () => randomBytes(5).toString("hex");
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** A declaration file holds no statement a runner could run. */
const DECLARATIONS = /\.d\.[cm]?ts$/;
/**
 * A test file under a fixtures folder is what another test reads or runs a runner on (its text,
 * its count of tests): a canary in it would change that test's answer, not judge the runner.
 */
const FIXTURES = /(?:^|\/)(?:__fixtures__|fixtures?)\//;

/** `node --test`'s failing assertions, one per test: a patched one passes alone, and is seen. */
const NODE_FAILS = (strict: string, assert: string, n: number) => [
  `${strict}.equal(${n} + 1, ${n + 2});`,
  `${assert}.strictEqual(${n} + 1, ${n + 2});`,
  `${strict}.deepEqual([${n}], [${n + 1}]);`,
  `${assert}.deepStrictEqual([${n}], [${n + 1}]);`,
];

/**
 * `node --test`'s canary: `node:test`, `node:assert` and `node:assert/strict` fetched with
 * `process.getBuiltinModule` (no import statement, so one text fits ES modules and CommonJS
 * alike), in a block of its own.
 */
function nodeSource(canary: CanaryNames, n: number): string {
  const [test, assert, strict] = [`t${word()}`, `a${word()}`, `s${word()}`];
  const fails = NODE_FAILS(strict, assert, n);
  return [
    "",
    "{",
    `  const { test: ${test} } = process.getBuiltinModule("node:test");`,
    `  const ${assert} = process.getBuiltinModule("node:assert");`,
    `  const ${strict} = process.getBuiltinModule("node:assert/strict");`,
    `  ${test}(${JSON.stringify(canary.pass)}, () => {`,
    `    ${strict}.equal(${n} + 1, ${n + 1});`,
    `    ${assert}.strictEqual(${n} + 1, ${n + 1});`,
    `    ${strict}.deepEqual([${n}], [${n}]);`,
    `    ${assert}.deepStrictEqual([${n}], [${n}]);`,
    "  });",
    ...canary.fail.flatMap((name, i) => [
      `  ${test}(${JSON.stringify(name)}, () => {`,
      `    ${fails[i % fails.length]}`,
      "  });",
    ]),
    "}",
    "",
  ].join("\n");
}

/**
 * vitest's canary runs on the test's own `expect` (its context's, vitest 0.31 on): its count of
 * assertions is the test's alone, whatever a `beforeEach` asked of the shared one
 * (`expect.assertions(n)`) or the tests running beside it (`sequence.concurrent`). It is the
 * same `expect`, with the same matchers, as the tests have.
 */
function vitestSource(canary: CanaryNames, n: number): string {
  const [expect, it, ctx, local] = [`e${word()}`, `i${word()}`, `c${word()}`, `x${word()}`];
  const test = (name: string | undefined, body: string[]) => [
    `${it}(${JSON.stringify(name)}, (${ctx}) => {`,
    `  const ${local} = (${ctx} && ${ctx}.expect) || ${expect};`,
    ...body.map((line) => `  ${line}`),
    "});",
  ];
  return [
    "",
    `import { expect as ${expect}, it as ${it} } from "vitest";`,
    ...test(canary.pass, [
      `${local}(${n} + 1).toBe(${n + 1});`,
      `${local}([${n}]).toEqual([${n}]);`,
    ]),
    ...test(canary.fail[0], [`${local}(${n} + 1).toBe(${n + 2});`]),
    ...test(canary.fail[1], [`${local}([${n}]).toEqual([${n + 1}]);`]),
    "",
  ].join("\n");
}

/** A test file that takes jest's `it` and `expect` from `@jest/globals` (`injectGlobals: false` needs it). */
const JEST_GLOBALS = /\bfrom\s*["']@jest\/globals["']|\brequire\(\s*["']@jest\/globals["']\s*\)/;
const IMPORTS = /^\s*import\s[^(]/m;

/**
 * jest's canary: the file's own `it` and `expect`, the globals or, in a file that takes them from
 * `@jest/globals`, that module's (imported as the file imports). The passing canary states its
 * own count of assertions, over any `expect.assertions(n)` of a hook.
 */
function jestSource(canary: CanaryNames, n: number, text: string): string {
  let [expect, it] = ["expect", "it"];
  const lines = [""];
  if (JEST_GLOBALS.test(text)) {
    [expect, it] = [`e${word()}`, `i${word()}`];
    lines.push(
      IMPORTS.test(text)
        ? `import { expect as ${expect}, it as ${it} } from "@jest/globals";`
        : `const { expect: ${expect}, it: ${it} } = require("@jest/globals");`,
    );
  }
  lines.push(
    `${it}(${JSON.stringify(canary.pass)}, () => {`,
    `  ${expect}.assertions(2);`,
    `  ${expect}(${n} + 1).toBe(${n + 1});`,
    `  ${expect}([${n}]).toEqual([${n}]);`,
    "});",
    `${it}(${JSON.stringify(canary.fail[0])}, () => {`,
    `  ${expect}(${n} + 1).toBe(${n + 2});`,
    "});",
    `${it}(${JSON.stringify(canary.fail[1])}, () => {`,
    `  ${expect}([${n}]).toEqual([${n + 1}]);`,
    "});",
    "",
  );
  return lines.join("\n");
}

function source(runner: CanaryRunner, canary: CanaryNames, text: string): string {
  const n = 2 + (randomBytes(1)[0] ?? 0);
  if (runner === "node-test") return nodeSource(canary, n);
  return runner === "vitest" ? vitestSource(canary, n) : jestSource(canary, n, text);
}

/**
 * Why canaries were not judged, when some carrier never ran at runtime (gates then relies on its
 * other checks: the oracle's tests must all run and pass): undefined when every carrier did.
 */
export function canaryNote(
  canary: Canary | undefined,
  judged: ReadonlySet<string>,
  typeOnly: ReadonlySet<string>,
): string | undefined {
  if (canary === undefined) return undefined;
  const unjudged = canary.files.filter((file) => !judged.has(file));
  if (unjudged.length === 0) return undefined;
  const types = unjudged.filter((file) => typeOnly.has(file)).length;
  const why =
    types === unjudged.length
      ? "the runner ran them as type tests only (typecheck), where no assertion runs"
      : types > 0
        ? `the runner ran ${types} of them as type tests only (typecheck) and did not run the others`
        : "the runner did not run them";
  return `no canary judged in ${unjudged.length} of ${canary.files.length} test file(s) (${unjudged.slice(0, 3).join(", ")}${unjudged.length > 3 ? ", …" : ""}): ${why}`;
}

/** Append the canary tests to each of `files` (test files of the oracle, in the copy). */
export async function plantCanary(
  dir: string,
  runner: CanaryRunner,
  files: readonly string[],
): Promise<Canary> {
  const fails = runner === "node-test" ? 4 : 2;
  const canary: Canary = { files: [], names: new Map() };
  for (const file of files) {
    if (!SCRIPT.test(file) || DECLARATIONS.test(file) || FIXTURES.test(file)) continue;
    const text = await readFile(join(dir, file), "utf8").catch(() => undefined);
    // A file that focuses tests runs nothing else in it: no canary there.
    if (text === undefined || mayFocus(text)) continue;
    const names = {
      pass: `t${word()}`,
      fail: Array.from({ length: fails }, () => `t${word()}`),
      checks: CHECKS[runner],
    };
    await appendFile(join(dir, file), source(runner, names, text));
    canary.files.push(file);
    canary.names.set(file, names);
  }
  return canary;
}

export const TAMPERED_HINT =
  "something in the change alters how the test runner reports results (a setup file, a matcher, a patched runner or global): remove it";

const tampered = (file: string | null, what: string): RawFinding => ({
  file,
  line: null,
  rule: "tampered-runner",
  message: `the test runner's results cannot be trusted: ${what}`,
});

/** A reported name's last word (vitest and jest join the describe chain with spaces, node with ` > `). */
const lastWord = (name: string) => name.split(/[ >]/).pop() ?? name;

type Status = NonNullable<TestRun["tests"]>[number]["status"];

/** What a canary's runtime reports say, all of them agreeing, or the one that lies. */
function verdict(statuses: readonly Status[] | undefined, must: Status): Status | undefined {
  if (statuses === undefined || statuses.length === 0) return undefined;
  return statuses.find((status) => status !== must) ?? must;
}

/**
 * Judge one run by the canaries of the files it reported, and take the canaries out of it: a
 * canary reported otherwise than it must be, a run that exits 0 while a canary failed, or a
 * carrier the runner was surely given (`expected`) missing from its report, means the run was
 * tampered with. Only what the runner ran counts: a case a type-test pool reported (vitest's
 * typecheck reads the file, never runs it: every case "passes") says nothing of the canary, and
 * a canary run twice (two projects, a retry) must say the same each time.
 */
export function judgeCanary(
  canary: Canary,
  run: TestRun,
  exitCode: number | null,
  expected: readonly string[] = [],
): { run: TestRun; findings: RawFinding[]; judged: string[] } {
  const all = new Set([...canary.names.values()].flatMap((n) => [n.pass, ...n.fail]));
  const isCanary = (name: string) => all.has(lastWord(name));
  const tests = run.tests ?? [];
  const reported = new Map<string, Status[]>();
  for (const test of tests) {
    if (!isCanary(test.name) || run.typeTests?.has(test)) continue;
    const name = lastWord(test.name);
    reported.set(name, [...(reported.get(name) ?? []), test.status]);
  }
  const findings: RawFinding[] = [];
  const judged: string[] = [];
  let failedSeen = false;
  for (const [file, names] of canary.names) {
    const own = [names.pass, ...names.fail];
    if (own.some((name) => reported.has(name))) judged.push(file);
    else {
      if (expected.includes(file))
        findings.push(
          tampered(
            file,
            "a test file of the oracle the runner was given is missing from its report",
          ),
        );
      continue;
    }
    const pass = verdict(reported.get(names.pass), "passed");
    if (pass !== "passed")
      findings.push(
        tampered(file, `a test gates added that must pass was reported ${pass ?? "missing"}`),
      );
    names.fail.forEach((name, i) => {
      const status = verdict(reported.get(name), "failed");
      const check = names.checks?.[i];
      if (status === "failed") failedSeen = true;
      else
        findings.push(
          tampered(
            file,
            `a test gates added that must fail${check ? ` (${check})` : ""} was reported ${status ?? "missing"}`,
          ),
        );
    });
  }
  if (failedSeen && exitCode === 0) findings.push(tampered(null, "it exited 0 while tests failed"));
  const own = tests.filter((t) => isCanary(t.name)).length;
  return {
    findings,
    judged,
    run: {
      ...run,
      findings: run.findings.filter((f) => ![...all].some((n) => f.message.includes(n))),
      totalTests: Math.max(0, run.totalTests - own),
      tests: run.tests?.filter((t) => !isCanary(t.name)),
    },
  };
}
