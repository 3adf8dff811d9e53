// The oracle's cost (issue 34): a generated vitest repo of a few hundred tests, its test stage
// run three ways in this one process, interleaved, medians and ratios printed. Not a test.
//   plain   — the test command by hand in the repository (no copy, no canary: gates before the oracle)
//   oracle  — verify-gates' test stage against the merge base (a copy of the tree, canaries, checks)
//   loop    — the same against a loop's snapshot, with every test file rewritten by the change
//             (each runs as the oracle has it and beside it in the change's version)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, printTable, ratio, timeCommand } from "./lib/measure.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "packages", "gates", "dist");
const MODULES = join(ROOT, "node_modules");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FILES = Number(process.env.ORACLE_BENCH_FILES ?? 20);
const TESTS_PER_FILE = Number(process.env.ORACLE_BENCH_TESTS ?? 15);

const { runGates } = await import(pathToFileURL(join(DIST, "run.js")).href);
const { snapshotTree } = await import(pathToFileURL(join(DIST, "oracle", "index.js")).href);

const git = (cwd, ...args) =>
  execFileSync("git", ["-c", "user.email=b@b", "-c", "user.name=b", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });

function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const source = (i) => `export function f${i}(x: number): number {\n  return x * ${i + 2} + 1;\n}\n`;
const testFile = (i, extra = "") =>
  [
    'import { expect, it } from "vitest";',
    `import { f${i} } from "./m${i}.js";`,
    "",
    ...Array.from({ length: TESTS_PER_FILE }, (_, j) =>
      [
        `it("f${i} of ${j}", () => {`,
        `  expect(f${i}(${j})).toBe(${j * (i + 2) + 1});${extra}`,
        "});",
        "",
      ].join("\n"),
    ),
  ].join("\n");

function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), "oracle-bench-"));
  const files = {
    "package.json": JSON.stringify({
      name: "oracle-bench",
      private: true,
      type: "module",
      scripts: { test: "vitest run" },
      devDependencies: { vitest: "*", "@vitest/coverage-istanbul": "*" },
    }),
    ".gitignore": "node_modules\ncoverage\n.verify/\n",
    "vitest.config.ts":
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["src/**/*.test.ts"] } });\n',
  };
  for (let i = 0; i < FILES; i++) {
    files[`src/m${i}.ts`] = source(i);
    files[`src/m${i}.test.ts`] = testFile(i);
  }
  write(dir, files);
  symlinkSync(MODULES, join(dir, "node_modules"));
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
  return dir;
}

const stateDir = mkdtempSync(join(tmpdir(), "oracle-bench-state-"));
const env = { ...process.env, BASE: "", VERIFY_STATE_DIR: stateDir };
const out = mkdtempSync(join(tmpdir(), "oracle-bench-out-"));

// Two repos with the same tests: one with a change to the sources only (judged against the
// merge base), one whose change rewrites every test file (judged against a snapshot).
const plainRepo = makeRepo();
write(plainRepo, { "src/m0.ts": `${source(0)}export const extra = 1;\n` });
const loopRepo = makeRepo();
const snapshot = (await snapshotTree(loopRepo, env)).id;
for (let i = 0; i < FILES; i++)
  write(loopRepo, {
    [`src/m${i}.test.ts`]: testFile(i, `\n  expect(f${i}(${i})).toBeGreaterThan(0);`),
  });

const vitest = join(MODULES, ".bin", "vitest");
const byHand = () =>
  timeCommand(
    vitest,
    [
      "run",
      "--reporter=json",
      `--outputFile=${out}/v.json`,
      "--coverage.enabled",
      "--coverage.provider=istanbul",
      "--coverage.reporter=json",
      `--coverage.reportsDirectory=${out}/cov`,
    ],
    { cwd: plainRepo, env },
  );

async function gatesRun(cwd, options) {
  const started = performance.now();
  const { report } = await runGates({ cwd, env, only: ["tests"], ...options });
  const ms = performance.now() - started;
  if (report.status !== "pass")
    throw new Error(`gates ended ${report.status}: ${JSON.stringify(report.findings.slice(0, 3))}`);
  return { ms, tests: report.tests?.length ?? 0 };
}

// Interleaved round by round, as bench/lib/measure.mjs compare() does for synchronous runs
// (the gates runs are awaited here), one warm-up round discarded.
const times = { plain: [], oracle: [], loop: [] };
let counted = 0;
for (let round = -1; round < RUNS; round++) {
  const plain = byHand();
  const oracle = await gatesRun(plainRepo, {});
  const loop = await gatesRun(loopRepo, { oracleSnapshot: snapshot });
  counted = oracle.tests;
  if (round < 0) continue;
  times.plain.push(plain);
  times.oracle.push(oracle.ms);
  times.loop.push(loop.ms);
}
const med = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
printTable(
  `oracle bench: ${FILES} files x ${TESTS_PER_FILE} tests (${counted} reported), ${RUNS} runs`,
  {
    "tests by hand (plain), median ms": Math.round(med.plain),
    "gates tests stage, merge-base oracle": Math.round(med.oracle),
    "gates tests stage, snapshot, rewritten": Math.round(med.loop),
    "ratio merge-base oracle / plain": `${ratio(med.oracle, med.plain)}x`,
    "ratio loop snapshot / plain": `${ratio(med.loop, med.plain)}x`,
  },
);

for (const dir of [plainRepo, loopRepo, stateDir, out])
  rmSync(dir, { recursive: true, force: true });
