// verify-gates on a modern library (tsgo + oxlint + oxfmt + vitest with v8 coverage, its
// commands read from package.json scripts) against running the same tools by hand, as a
// ratio. Not a test: prints medians (ms) and the ratio measured in this one run.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compare, ratio } from "./lib/measure.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "packages", "gates", "bin", "verify-gates.js");
const MODULE_DIRS = [join(ROOT, "packages", "gates", "node_modules"), join(ROOT, "node_modules")];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OMIT = new Set(["@vitest/coverage-istanbul"]);

const git = (cwd, ...args) =>
  execFileSync("git", ["-c", "user.email=b@b", "-c", "user.name=b", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });

const LIBRARY = {
  "package.json": JSON.stringify({
    name: "lib",
    private: true,
    type: "module",
    scripts: {
      "test:types": "tsgo --noEmit",
      lint: "oxlint src && oxfmt --check src test",
      test: "vitest run --coverage",
    },
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
  ".gitignore": "node_modules\ncoverage\n.verify/green\n.verify/gates.json\n.verify/summary.txt\n",
  "vitest.config.ts":
    'import { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { include: ["test/**/*.test.ts"], coverage: { provider: "v8" } },\n});\n',
  "src/math.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "test/math.test.ts":
    'import { expect, it } from "vitest";\nimport { add } from "../src/math.js";\n\nit("adds", () => {\n  expect(add(1, 2)).toBe(3);\n});\n',
};

function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** node_modules of links to the installed tools, as a repo of the library would have them. */
function linkModules(modules) {
  mkdirSync(join(modules, ".bin"), { recursive: true });
  const link = (name, target) => {
    if (!OMIT.has(name) && !existsSync(join(modules, name)))
      symlinkSync(target, join(modules, name));
  };
  for (const dir of MODULE_DIRS) {
    for (const entry of readdirSync(dir)) {
      if (entry === ".bin") {
        for (const bin of readdirSync(join(dir, entry))) link(`.bin/${bin}`, join(dir, entry, bin));
      } else if (entry.startsWith("@")) {
        mkdirSync(join(modules, entry), { recursive: true });
        for (const inner of readdirSync(join(dir, entry)))
          link(`${entry}/${inner}`, join(dir, entry, inner));
      } else if (!entry.startsWith(".")) link(entry, join(dir, entry));
    }
  }
}

function timed(cmd, args, cwd, expectCode) {
  const started = performance.now();
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, BASE: "" } });
  const ms = performance.now() - started;
  if (result.status !== expectCode) {
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${result.status}, expected ${expectCode}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return ms;
}

const dir = mkdtempSync(join(tmpdir(), "gates-tools-bench-"));
const out = mkdtempSync(join(tmpdir(), "gates-tools-bench-out-"));
try {
  write(dir, LIBRARY);
  linkModules(join(dir, "node_modules"));
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
  write(dir, {
    "src/math.ts": `${LIBRARY["src/math.ts"]}\nexport function twice(a: number): number {\n  return a > 0 ? add(a, a) : 0;\n}\n`,
    "test/math.test.ts": `${LIBRARY["test/math.test.ts"].replace("{ add }", "{ add, twice }")}\nit("twice", () => {\n  expect(twice(2)).toBe(4);\n  expect(twice(-1)).toBe(0);\n});\n`,
  });
  const bin = (tool) => join(dir, "node_modules", ".bin", tool);
  // What a careful person runs by hand for the same answers: machine-readable output, the
  // changed files only where the tool allows it, coverage as JSON.
  const byHand = () =>
    timed(bin("tsgo"), ["--noEmit", "--pretty", "false"], dir, 0) +
    timed(bin("oxlint"), ["-f", "json", "src/math.ts"], dir, 0) +
    timed(bin("oxfmt"), ["--list-different", "src/math.ts", "test/math.test.ts"], dir, 0) +
    timed(
      bin("vitest"),
      [
        "run",
        "--reporter=json",
        `--outputFile=${out}/v.json`,
        "--coverage.enabled",
        "--coverage.provider=v8",
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
  console.log(
    `modern library (tsgo, oxlint, oxfmt, vitest v8), full gates run: median ${times.gates.median_ms} ms`,
  );
  console.log(
    `same tools by hand:                                        median ${times.hand.median_ms} ms`,
  );
  console.log(
    `ratio gates / by hand:                                     ${ratio(times.gates.median_ms, times.hand.median_ms).toFixed(2)}x`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}
