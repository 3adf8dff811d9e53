// verify-gates benchmark: prints medians (ms) and ratios measured in this one run. Not a test.
//   1. stamp hit on a generated repo of 5 000 files            (target <= 300 ms)
//   2. floor + secrets on a 5 000-line diff                     (target <= 1 000 ms)
//   3. a full gates run vs the same tools run by hand           (target <= 1.1x)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compare, median } from "./lib/measure.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "packages", "gates", "bin", "verify-gates.js");
const MODULES = join(ROOT, "node_modules");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const git = (cwd, ...args) => execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });

function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

function repo(files) {
  const dir = mkdtempSync(join(tmpdir(), "gates-bench-"));
  write(dir, files);
  git(dir, "init", "-q", "-b", "main");
  git(dir, "-c", "user.email=b@b", "-c", "user.name=b", "add", "-A");
  git(dir, "-c", "user.email=b@b", "-c", "user.name=b", "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
  return dir;
}

function timed(cmd, args, cwd, expectCode) {
  const started = performance.now();
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, BASE: "" } });
  const ms = performance.now() - started;
  if (expectCode !== undefined && result.status !== expectCode) {
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${result.status}, expected ${expectCode}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return ms;
}

const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";
const source = (i, lines) =>
  Array.from(
    { length: lines },
    (_, j) => `export const value_${i}_${j} = ${i * 1000 + j}; // line ${j}`,
  ).join("\n") + "\n";

function stampHit() {
  const files = {
    ".verify/gates.yaml": NO_TOOLS,
    ".gitignore": ".verify/green\n.verify/gates.json\n.verify/summary.txt\n",
  };
  for (let i = 0; i < 5000; i++) files[`src/m${Math.floor(i / 100)}/f${i}.ts`] = source(i, 5);
  const dir = repo(files);
  write(dir, { "src/m0/f0.ts": source(0, 6), "src/new.ts": source(99999, 20) });
  timed(process.execPath, [BIN], dir, 0);
  const times = Array.from({ length: RUNS }, () => timed(process.execPath, [BIN], dir, 0));
  rmSync(dir, { recursive: true, force: true });
  return median(times);
}

function floorAndSecrets() {
  const files = { ".verify/gates.yaml": NO_TOOLS };
  for (let i = 0; i < 50; i++) files[`src/f${i}.ts`] = source(i, 20);
  const dir = repo(files);
  const changed = {};
  for (let i = 0; i < 50; i++) changed[`src/f${i}.ts`] = source(i, 20) + source(i + 100, 100);
  write(dir, changed);
  const times = Array.from({ length: RUNS }, () => {
    rmSync(join(dir, ".verify", "green"), { force: true });
    return timed(process.execPath, [BIN, "--only", "floor,secrets"], dir, 0);
  });
  rmSync(dir, { recursive: true, force: true });
  return median(times);
}

const PROJECT = {
  "package.json": JSON.stringify({
    name: "bench",
    private: true,
    type: "module",
    devDependencies: { typescript: "*", eslint: "*", prettier: "*", vitest: "*" },
  }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      lib: ["ES2022"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ["src"],
  }),
  "eslint.config.js":
    'import tseslint from "typescript-eslint";\nexport default tseslint.config(...tseslint.configs.recommended);\n',
  ".prettierrc.json": "{}\n",
  ".gitignore": "node_modules\ncoverage\n.verify/green\n.verify/gates.json\n.verify/summary.txt\n",
  "vitest.config.ts":
    'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["src/**/*.test.ts"] } });\n',
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "src/math.test.ts":
    'import { expect, it } from "vitest";\nimport { add } from "./math.js";\n\nit("adds", () => {\n  expect(add(1, 2)).toBe(3);\n});\n',
};

function versusByHand() {
  const dir = repo(PROJECT);
  symlinkSync(MODULES, join(dir, "node_modules"));
  write(dir, {
    "src/math.ts":
      PROJECT["src/math.ts"] +
      "\nexport function twice(a: number): number {\n  return a > 0 ? add(a, a) : 0;\n}\n",
    "src/math.test.ts":
      PROJECT["src/math.test.ts"] +
      '\nit("twice", async () => {\n  const { twice } = await import("./math.js");\n  expect(twice(2)).toBe(4);\n  expect(twice(-1)).toBe(0);\n});\n',
  });
  const bin = (tool) => join(dir, "node_modules", ".bin", tool);
  const changed = ["src/math.ts", "src/math.test.ts"];
  const out = mkdtempSync(join(tmpdir(), "gates-bench-out-"));
  const byHand = () =>
    timed(bin("tsc"), ["--noEmit", "-p", "tsconfig.json", "--pretty", "false"], dir, 0) +
    timed(bin("eslint"), ["-f", "json", ...changed], dir, 0) +
    timed(bin("prettier"), ["--list-different", ...changed], dir, 0) +
    timed(
      bin("vitest"),
      [
        "run",
        "--reporter=json",
        `--outputFile=${out}/v.json`,
        "--coverage.enabled",
        "--coverage.provider=istanbul",
        "--coverage.reporter=json",
        `--coverage.reportsDirectory=${out}/cov`,
      ],
      dir,
      0,
    );
  const gates = () => {
    rmSync(join(dir, ".verify", "green"), { force: true });
    return timed(process.execPath, [BIN], dir, 0);
  };
  // Interleaved, one warm-up round discarded (bench/lib/measure.mjs).
  const times = compare({ hand: byHand, gates }, Math.max(3, RUNS - 2));
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  return { hand: times.hand.median_ms, gates: times.gates.median_ms };
}

const hit = stampHit();
console.log(`stamp hit, 5 000-file repo:        median ${hit.toFixed(0)} ms (target <= 300 ms)`);
const fs = floorAndSecrets();
console.log(`floor + secrets, 5 000-line diff:  median ${fs.toFixed(0)} ms (target <= 1 000 ms)`);
const { hand, gates } = versusByHand();
console.log(`full gates run:                    median ${gates.toFixed(0)} ms`);
console.log(`same tools by hand:                median ${hand.toFixed(0)} ms`);
console.log(`ratio gates / by hand:             ${(gates / hand).toFixed(2)}x (target <= 1.1x)`);
