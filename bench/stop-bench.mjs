// A Stop hook that costs seconds (issue 36 §4): a generated vitest repo of a few thousand tests,
// three stops as a coding agent's session makes them — `verify-gates hook` started as a process
// with a Stop payload, the loop armed beforehand (`loop start`, untimed) — next to the same checks
// run by hand scoped to the change, interleaved in this one process. Not a test: it prints what
// it measures.
//   new module   — a new module with its own test file
//   wide module  — a change to a module every tenth module imports
//   docs only    — a README change
//   test appended — a bug fix in a module and a test appended to its existing test file (issue 46)
//   by hand      — vitest related + tsc --incremental + eslint + prettier on the changed files
// Usage: node bench/stop-bench.mjs    Needs: pnpm build (gates).
// Env: BENCH_RUNS (3), STOP_BENCH_MODULES (200), STOP_BENCH_TESTS (15), STOP_BENCH_ONLY (one
// stop by name, e.g. "docs only"), STOP_BENCH_PROFILE (a folder: each hook writes a .cpuprofile),
// STOP_BENCH_KEEP=1 (keep the repositories and state folders, printed, to run a stop by hand).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, printTable, ratio, timeCommand } from "./lib/measure.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MODULES = join(ROOT, "node_modules");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COUNT = Number(process.env.STOP_BENCH_MODULES ?? 200);
const TESTS = Number(process.env.STOP_BENCH_TESTS ?? 15);

const BIN = join(ROOT, "packages", "gates", "bin", "verify-gates.js");
const SESSION = "5b0c7d2e-4a1f-4c3b-9d8e-7f6a5b4c3d2e";

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

const SHARED = "export function scale(x: number): number {\n  return x;\n}\n";
const source = (i) =>
  i % 10 === 0
    ? `import { scale } from "./shared.js";\n\nexport function f${i}(x: number): number {\n  return scale(x) * ${i + 2} + 1;\n}\n`
    : `export function f${i}(x: number): number {\n  return x * ${i + 2} + 1;\n}\n`;
const testFile = (name, fn, k) =>
  [
    'import { expect, it } from "vitest";',
    `import { ${fn} } from "./${name}.js";`,
    "",
    ...Array.from({ length: TESTS }, (_, j) =>
      [`it("${fn} of ${j}", () => {`, `  expect(${fn}(${j})).toBe(${j * k + 1});`, "});", ""].join(
        "\n",
      ),
    ),
  ].join("\n");

function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), "stop-bench-"));
  scratch.push(dir);
  const files = {
    "package.json": JSON.stringify({
      name: "stop-bench",
      private: true,
      type: "module",
      scripts: {
        test: "vitest run",
        typecheck: "tsc --noEmit -p tsconfig.json",
        lint: "eslint src",
        format: "prettier --check src",
      },
    }),
    ".gitignore": "node_modules\ncoverage\n.verify/\n*.tsbuildinfo\n",
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        types: [],
        lib: ["ES2022"],
        skipLibCheck: true,
      },
      include: ["src"],
    }),
    "eslint.config.js":
      'import tseslint from "typescript-eslint";\nexport default tseslint.config(...tseslint.configs.recommended);\n',
    ".prettierrc.json": '{ "printWidth": 100 }\n',
    "vitest.config.ts":
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["src/**/*.test.ts"] } });\n',
    "README.md": "# stop bench\n",
    "src/shared.ts": SHARED,
  };
  for (let i = 0; i < COUNT; i++) {
    files[`src/m${i}.ts`] = source(i);
    files[`src/m${i}.test.ts`] = testFile(`m${i}`, `f${i}`, i + 2);
  }
  write(dir, files);
  symlinkSync(MODULES, join(dir, "node_modules"));
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
  return dir;
}

const env = { ...process.env, BASE: "" };

const stops = {
  "new module": {
    "src/fresh.ts": "export function fresh(x: number): number {\n  return x * 7 + 1;\n}\n",
    "src/fresh.test.ts": testFile("fresh", "fresh", 7),
  },
  "wide module": {
    "src/shared.ts":
      "export function scale(x: number): number {\n  const same = x;\n  return same;\n}\n",
  },
  "docs only": { "README.md": "# stop bench\n\nHow to run it.\n" },
  "test appended": {
    "src/m5.ts": "export function f5(x: number): number {\n  return 1 + x * 7;\n}\n",
    "src/m5.test.ts":
      testFile("m5", "f5", 7) + 'it("f5 of a negative", () => {\n  expect(f5(-1)).toBe(-6);\n});\n',
  },
};
// Every repository and state folder this run makes is removed when it ends, a failed run's too.
const scratch = [];
process.once("exit", () => {
  if (process.env.STOP_BENCH_KEEP === "1") console.log(`\nkept: ${scratch.join(" ")}`);
  else for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const ONLY = process.env.STOP_BENCH_ONLY;
if (ONLY !== undefined && !(ONLY in stops))
  throw new Error(`STOP_BENCH_ONLY: no stop named '${ONLY}'`);
for (const name of Object.keys(stops)) if (ONLY !== undefined && name !== ONLY) delete stops[name];
const PROFILE = process.env.STOP_BENCH_PROFILE;
const repoNames = new Map();
const repos = Object.fromEntries(
  Object.entries(stops).map(([name, files]) => {
    const dir = makeRepo();
    write(dir, files);
    repoNames.set(dir, name);
    return [name, { dir, files: Object.keys(files) }];
  }),
);

const bin = (pkg, path) => join(MODULES, pkg, path);
/** The same checks by hand, scoped to the change (a warm tsc build info, as a person's shell has). */
function byHand({ dir, files }) {
  const code = files.filter((f) => f.endsWith(".ts"));
  const node = process.execPath;
  let ms = 0;
  if (code.length > 0) {
    ms += timeCommand(
      node,
      [
        bin("vitest", "vitest.mjs"),
        "related",
        "--run",
        ...code,
        "--coverage.enabled",
        "--coverage.provider=istanbul",
        "--coverage.reporter=json",
        ...code.filter((f) => !f.includes(".test.")).map((f) => `--coverage.include=${f}`),
        `--coverage.reportsDirectory=${join(dir, "coverage")}`,
      ],
      { cwd: dir, env },
    );
    ms += timeCommand(
      node,
      [
        bin("typescript", "bin/tsc"),
        "--noEmit",
        "-p",
        "tsconfig.json",
        "--incremental",
        "--tsBuildInfoFile",
        join(dir, "hand.tsbuildinfo"),
      ],
      { cwd: dir, env },
    );
    ms += timeCommand(node, [bin("eslint", "bin/eslint.js"), ...code], { cwd: dir, env });
  }
  ms += timeCommand(node, [bin("prettier", "bin/prettier.cjs"), "--check", ...files], {
    cwd: dir,
    env,
  });
  return ms;
}

/** Each round's change differs a little (a comment), as a loop's next stop does: no stamp answers it. */
function nextRound({ dir, files }, round) {
  for (const file of files) {
    const text = stops[repoNames.get(dir)][file];
    const mark = file.endsWith(".md") ? `\nRound ${round + 2}.\n` : `// round ${round + 2}\n`;
    writeFileSync(join(dir, file), text + mark);
  }
}

// One state folder per repository for all its rounds, as a loop keeps it: tsc's build info stays warm.
const states = new Map();
const stateOf = (dir) => {
  if (!states.has(dir)) {
    const state = mkdtempSync(join(tmpdir(), "stop-bench-state-"));
    scratch.push(state);
    states.set(dir, state);
  }
  return { ...env, VERIFY_STATE_DIR: states.get(dir) };
};

/**
 * Each round is a task from the base: the tree back to the last commit, then the loop armed as a
 * session does when its task begins (untimed; the oracle is taken here), then the change written.
 * A green stop ends the loop.
 */
function arm(dir) {
  git(dir, "checkout", "-q", "--", ".");
  git(dir, "clean", "-fdq");
  execFileSync(process.execPath, [BIN, "loop", "start", "--session", SESSION], {
    cwd: dir,
    env: stateOf(dir),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** One stop: the hook as the agent's harness runs it, a process reading the Stop payload. */
function stop(dir) {
  rmSync(join(dir, ".verify"), { recursive: true, force: true });
  const input = JSON.stringify({
    session_id: SESSION,
    cwd: dir,
    hook_event_name: "Stop",
    stop_hook_active: false,
  });
  const started = performance.now();
  const profile = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", PROFILE] : [];
  const answer = execFileSync(process.execPath, [...profile, BIN, "hook", "--format", "generic"], {
    cwd: dir,
    env: stateOf(dir),
    input,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
  const ms = performance.now() - started;
  const decision = JSON.parse(answer);
  if (decision.decision !== "allow" || decision.gates_status !== "pass")
    throw new Error(`the stop was not a green allow: ${answer.slice(0, 2000)}`);
  const report = JSON.parse(readFileSync(join(dir, ".verify", "gates.json"), "utf8"));
  if (report.already_verified) throw new Error("a stamp answered: nothing was measured");
  return { ms, scope: report.tests_scope, tests: report.tests?.length ?? 0 };
}

// Interleaved round by round; one warm-up round discarded (it also warms tsc's build info, the
// stop's in its state folder and the hand run's beside the repo).
const times = Object.fromEntries(
  Object.keys(stops).flatMap((n) => [
    [n, []],
    [`${n} by hand`, []],
  ]),
);
const seen = {};
for (let round = -1; round < RUNS; round++) {
  for (const [name, repo] of Object.entries(repos)) {
    arm(repo.dir);
    nextRound(repo, round);
    const hand = byHand(repo);
    const gated = stop(repo.dir);
    seen[name] = gated;
    if (round < 0) continue;
    times[`${name} by hand`].push(hand);
    times[name].push(gated.ms);
  }
}
const med = Object.fromEntries(Object.entries(times).map(([n, list]) => [n, median(list)]));
printTable(`stop bench: ${COUNT} modules x ${TESTS} tests, ${RUNS} runs, median wall ms`, {
  ...Object.fromEntries(
    Object.keys(stops).flatMap((n) => [
      [`stop: ${n}`, Math.round(med[n])],
      [`by hand: ${n}`, Math.round(med[`${n} by hand`])],
    ]),
  ),
});
printTable(
  "stop / by hand (target <= 1.2)",
  Object.fromEntries(Object.keys(stops).map((n) => [n, ratio(med[n], med[`${n} by hand`])])),
);
printTable(
  "what each stop ran",
  Object.fromEntries(
    Object.entries(seen).map(([n, s]) => [
      n,
      s.scope
        ? `${s.scope.scope}: ${s.scope.test_files.length} test file(s), ${s.tests} tests (${s.scope.reason})`
        : "no test run",
    ]),
  ),
);
