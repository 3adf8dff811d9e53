import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommand } from "../tools/command.js";
import { nodeTestArgv } from "../tools/node-test.js";
import { nodeTestScoped } from "../stages/test-selection.js";
import { docReaders } from "./doc-readers.js";
import { importGraph, moduleSpecifiers, type ImportGraph } from "./import-graph.js";
import { nodeTestWords, readFlags } from "./runner-flags.js";
import {
  relatedTests,
  scopedPaths,
  snapshotOwner,
  unscopable,
  widenReason,
  type WidenInput,
} from "./test-scope.js";

const isTest = (p: string) => /\.test\.[jt]s$/.test(p);

const graphOf = (edges: Record<string, string[]>, opaque: Record<string, string> = {}) =>
  ({
    files: Object.keys(edges),
    imports: new Map(Object.entries(edges).map(([f, to]) => [f, new Set(to)])),
    opaque: new Map(Object.entries(opaque)),
  }) satisfies ImportGraph;

// src/a.ts ← src/b.ts ← src/b.test.ts; src/a.test.ts imports a; src/c.ts has its own test.
const GRAPH = graphOf({
  "src/a.ts": [],
  "src/b.ts": ["src/a.ts"],
  "src/c.ts": [],
  "src/a.test.ts": ["src/a.ts"],
  "src/b.test.ts": ["src/b.ts"],
  "src/c.test.ts": ["src/c.ts"],
});

describe("relatedTests: which test files a change can affect", () => {
  it("a changed module runs every test that imports it, directly or through others", () => {
    expect(relatedTests(GRAPH, ["src/a.ts"], isTest)).toMatchObject({
      scope: "related",
      files: ["src/a.test.ts", "src/b.test.ts"],
      unrelated: 1,
    });
  });

  it("a module at the top of the graph runs its own test only", () => {
    expect(relatedTests(GRAPH, ["src/c.ts"], isTest).files).toEqual(["src/c.test.ts"]);
  });

  it("a new module with its new test runs that test", () => {
    const graph = graphOf({
      ...Object.fromEntries(GRAPH.imports),
      "src/d.ts": [],
      "src/d.test.ts": ["src/d.ts"],
    });
    expect(relatedTests(graph, ["src/d.ts", "src/d.test.ts"], isTest)).toMatchObject({
      files: ["src/d.test.ts"],
      reason: "the tests that import src/d.ts",
    });
    expect(relatedTests(graph, ["src/d.test.ts"], isTest).reason).toBe(
      "the change's own test files",
    );
  });

  it("a changed module no test imports widens to the whole suite (a test may spawn it)", () => {
    const graph = graphOf({ "src/cli.ts": [], "src/a.ts": [], "src/a.test.ts": ["src/a.ts"] });
    expect(relatedTests(graph, ["src/cli.ts"], isTest)).toMatchObject({
      scope: "full",
      reason: "no test imports src/cli.ts: a test may run it some other way",
    });
  });

  it("a file the tests reach that imports by an expression widens to the whole suite", () => {
    const graph = graphOf(
      {
        "src/a.ts": [],
        "src/load.ts": [],
        "src/load.test.ts": ["src/load.ts"],
        "src/a.test.ts": ["src/a.ts"],
      },
      { "src/load.ts": "src/load.ts imports a module named by an expression" },
    );
    expect(relatedTests(graph, ["src/a.ts"], isTest)).toMatchObject({
      scope: "full",
      reason:
        "the import graph cannot be followed: src/load.ts imports a module named by an expression",
    });
  });

  it("an opaque file no test reaches does not widen", () => {
    const graph = graphOf(
      { ...Object.fromEntries(GRAPH.imports), "scripts/x.ts": [] },
      { "scripts/x.ts": "x" },
    );
    expect(relatedTests(graph, ["src/c.ts"], isTest).scope).toBe("related");
  });

  it("an edited test file runs with the tests of the changed module", () => {
    expect(relatedTests(GRAPH, ["src/c.ts", "src/a.test.ts"], isTest)).toMatchObject({
      scope: "related",
      reason: "the tests that import src/c.ts",
      files: ["src/a.test.ts", "src/c.test.ts"],
      unrelated: 1,
    });
  });

  it("a test that reads a changed documentation file runs", () => {
    const readers = new Map([
      ["docs/page.mdx", "src/b.test.ts"],
      ["docs/other.mdx", "test/setup.ts"],
    ]);
    expect(relatedTests(GRAPH, ["docs/page.mdx", "src/c.ts"], isTest, [], readers)).toMatchObject({
      reason: "the tests that import src/c.ts and the tests that read docs/page.mdx",
      files: ["src/b.test.ts", "src/c.test.ts"],
    });
  });

  it("an acceptance test file of the task always runs", () => {
    expect(relatedTests(GRAPH, ["src/c.ts"], isTest, ["src/a.test.ts"]).files).toEqual([
      "src/a.test.ts",
      "src/c.test.ts",
    ]);
  });
});

const input = (over: Partial<WidenInput>): WidenInput => ({
  wanted: "related",
  files: [{ path: "src/a.ts", oldPath: undefined, status: "modified" }],
  oraclePaths: new Set(["src/a.test.ts", "package.json", "vitest.config.ts"]),
  commands: [parseCommand("vitest run")],
  testConfigs: new Map([["vitest.config.ts", "export default {}"]]),
  acceptance: [],
  heldOut: false,
  ...over,
});
const changed = (path: string, status: "modified" | "added" | "deleted" = "modified") => ({
  files: [{ path, oldPath: undefined, status }],
});

describe("widenReason: what makes a stop run the whole suite", () => {
  it("a change of source modules only stays related", () => {
    expect(widenReason(input({}))).toBeUndefined();
    expect(widenReason(input(changed("src/new.test.ts", "added")))).toBeUndefined();
  });

  it("a run that did not ask for related tests is full", () => {
    expect(widenReason(input({ wanted: "full" }))).toMatch(/^a full run/);
  });

  it.each([
    ["vitest.config.ts", "the change touches vitest.config.ts, which the oracle holds"],
    ["package.json", "the change touches package.json, which the oracle holds"],
    [
      "test/setup.ts",
      "the change touches test/setup.ts (test-support), which decides how every test runs",
    ],
    [
      "jest.config.js",
      "the change touches jest.config.js (test-config), which decides how every test runs",
    ],
    ["pnpm-lock.yaml", "the change touches pnpm-lock.yaml: installed packages may differ"],
    ["src/prices.csv", "the change touches src/prices.csv, not a JS/TS module: a test may read it"],
  ])("a change to %s widens", (path, reason) => {
    expect(widenReason(input(changed(path)))).toBe(reason);
  });

  it("a change to the oracle's vitest.config.js widens (test-scope.integration's repo)", () => {
    const oraclePaths = new Set(["test/sum.test.js", "test/mul.test.js", "vitest.config.js"]);
    expect(widenReason(input({ ...changed("vitest.config.js"), oraclePaths }))).toBe(
      "the change touches vitest.config.js, which the oracle holds",
    );
  });

  it("an oracle test file the change edits stays related: it runs in both versions (issue 46 §3)", () => {
    expect(widenReason(input(changed("src/a.test.ts")))).toBeUndefined();
    expect(
      widenReason(
        input({
          files: [
            { path: "src/a.ts", oldPath: undefined, status: "modified" },
            { path: "src/a.test.ts", oldPath: undefined, status: "modified" },
          ],
        }),
      ),
    ).toBeUndefined();
  });

  it("an oracle test file the change deletes or moves still widens", () => {
    expect(widenReason(input(changed("src/a.test.ts", "deleted")))).toBe(
      "the change touches src/a.test.ts, which the oracle holds",
    );
    expect(
      widenReason(
        input({
          files: [{ path: "src/moved.test.ts", oldPath: "src/a.test.ts", status: "renamed" }],
        }),
      ),
    ).toBe("the change touches src/a.test.ts, which the oracle holds");
  });

  it.each([
    "docs/page.mdx",
    "README.md",
    "docs/guide.rst",
    "docs/a.adoc",
    "NOTES.txt",
    "b.markdown",
  ])("documentation no file reads (%s) stays related", (path) =>
    expect(widenReason(input(changed(path)))).toBeUndefined(),
  );

  it("documentation a test-support file or a runner config names widens; one a test names does not", () => {
    const docReaders = new Map([
      ["docs/page.mdx", "test/setup.ts"],
      ["docs/other.mdx", "vitest.config.ts"],
      ["docs/read.mdx", "src/docs.test.ts"],
    ]);
    expect(widenReason(input({ ...changed("docs/page.mdx"), docReaders }))).toBe(
      "the change touches docs/page.mdx, which test/setup.ts names: a test may read it",
    );
    expect(widenReason(input({ ...changed("docs/other.mdx"), docReaders }))).toBe(
      "the change touches docs/other.mdx, which vitest.config.ts names: a test may read it",
    );
    expect(widenReason(input({ ...changed("docs/read.mdx"), docReaders }))).toBeUndefined();
  });

  it("a data file still widens, whether or not a file names it", () => {
    const docReaders = new Map<string, string>();
    expect(widenReason(input({ ...changed("src/data.json"), docReaders }))).toBe(
      "the change touches src/data.json, not a JS/TS module: a test may read it",
    );
  });

  it("a deleted module widens: its importers must all run", () => {
    expect(widenReason(input(changed("src/b.ts", "deleted")))).toBe(
      "the change deletes or moves src/b.ts: its importers must all run",
    );
  });

  it("a coverage threshold in the test config widens", () => {
    const testConfigs = new Map([["vitest.config.ts", "coverage: { thresholds: { lines: 80 } }"]]);
    expect(widenReason(input({ testConfigs }))).toBe(
      "vitest.config.ts sets a coverage threshold over the whole suite",
    );
  });

  it("an acceptance test named by its name only, or held-out tests, widen", () => {
    const acceptance = [
      { file: null, name: "adds", action: "keep" as const, reason: null, line: 1 },
    ];
    expect(widenReason(input({ acceptance }))).toMatch(/name only/);
    expect(widenReason(input({ heldOut: true }))).toMatch(/held-out/);
  });

  it("a command gates cannot narrow widens", () => {
    expect(widenReason(input({ commands: [parseCommand("make test")] }))).toMatch(
      /not a test runner/,
    );
  });
});

describe("unscopable", () => {
  it.each([
    "vitest run",
    "pnpm exec vitest run --coverage",
    "jest --ci",
    "node --test test/",
    "node --test",
  ])("%s can be narrowed", (text) => expect(unscopable(parseCommand(text))).toBeUndefined());

  it.each(["vitest run src/unit", "jest unit", "node --test test/*.test.js", "pytest"])(
    "%s cannot",
    (text) => expect(unscopable(parseCommand(text))).toBeDefined(),
  );

  // Issue 46 §3: a configured command with flags of its own is narrowed when every flag is on
  // the runner's allow-list (runner-flags.ts).
  it.each([
    "vitest run --project zod",
    "vitest run --project=zod --project core",
    "pnpm exec vitest run -c vitest.config.ts --root packages/zod --dir src",
    "vitest run --typecheck --typecheck.enabled --typecheck.checker tsc --typecheck.tsconfig tsconfig.test.json",
    "vitest run --pool forks --reporter dot --no-isolate --no-file-parallelism --maxWorkers 2",
    "vitest run --coverage.enabled --coverage.provider v8 --silent passed-only --retry 2",
    "vitest --run --sequence.shuffle --sequence.seed 42 --environment jsdom --globals",
    "jest --selectProjects api web --ci",
    "jest -c jest.config.js -w 2 --runInBand --testTimeout 10000 --silent",
    "jest --config=jest.config.ts --coverage --coverageProvider v8 --no-cache",
    "node --test --test-concurrency 1 test/",
    "node --import tsx --test --test-reporter spec test/",
    "node --test --experimental-test-coverage --test-timeout=5000",
  ])("%s can be narrowed", (text) => expect(unscopable(parseCommand(text))).toBeUndefined());

  it.each([
    [
      "vitest run --project zod --shard 1/2",
      "'vitest run --project zod --shard 1/2' has a flag that keeps the whole suite: --shard runs one shard of the suite",
    ],
    [
      "vitest run --project zod src/unit",
      "'vitest run --project zod src/unit' has arguments of its own (src/unit): gates cannot add a file filter to them",
    ],
    [
      "vitest run --coverage.thresholds.lines 80",
      "'vitest run --coverage.thresholds.lines 80' has a flag that keeps the whole suite: --coverage.thresholds.lines sets a coverage threshold over the whole suite",
    ],
    [
      "vitest run --frobnicate",
      "'vitest run --frobnicate' has a flag that keeps the whole suite: --frobnicate is not a flag gates knows it can keep beside a file filter",
    ],
    [
      "vitest run --changed HEAD~1",
      "'vitest run --changed HEAD~1' has a flag that keeps the whole suite: --changed picks the tests of changed files itself",
    ],
    [
      "jest -t slugify",
      "'jest -t slugify' has a flag that keeps the whole suite: -t filters tests by name",
    ],
    [
      "jest --onlyChanged",
      "'jest --onlyChanged' has a flag that keeps the whole suite: --onlyChanged picks the tests of changed files itself",
    ],
    [
      "jest --ci src/unit",
      "'jest --ci src/unit' has arguments of its own (src/unit): gates cannot add a file filter to them",
    ],
    [
      "node --test --test-name-pattern=keeps test/",
      "'node --test --test-name-pattern=keeps test/' has a flag that keeps the whole suite: --test-name-pattern filters tests by name",
    ],
    ["node run.js --test", "'node run.js --test' runs run.js as a script"],
  ])("%s keeps the whole suite, naming why", (text, why) =>
    expect(unscopable(parseCommand(text))).toBe(why),
  );
});

describe("readFlags: a command's own words against its runner's flags", () => {
  it("a value-taking flag takes the next word, a switch does not", () => {
    expect(
      readFlags(
        ["run", "--project", "zod", "-c", "v.ts", "--no-isolate", "--coverage.enabled", "src/a"],
        "vitest",
      ),
    ).toEqual({
      flags: [["--project", "zod"], ["-c", "v.ts"], ["--no-isolate"], ["--coverage.enabled"]],
      positional: ["run", "src/a"],
      blocked: undefined,
    });
  });

  it("jest's array flags take every word up to the next flag; kebab-case is the same flag", () => {
    expect(readFlags(["--select-projects", "a", "b", "--ci", "unit"], "jest")).toEqual({
      flags: [["--select-projects", "a", "b"], ["--ci"]],
      positional: ["unit"],
      blocked: undefined,
    });
  });

  it("node's flags keep their values, apart from the test paths", () => {
    expect(
      nodeTestWords(["--import", "tsx", "--test", "--test-concurrency", "1", "test/"]),
    ).toEqual({
      flags: [["--test-concurrency", "1"]],
      paths: ["test/"],
      script: undefined,
      blocked: undefined,
    });
  });
});

describe("nodeTestScoped keeps a flag's value (issue 46 §3)", () => {
  const scope = { scope: "related" as const, reason: "r", files: ["test/a.test.js"], unrelated: 1 };
  it("the chosen files take the folder's place, flag values stay with their flags", () => {
    const command = parseCommand("node --test --test-concurrency 1 --test-reporter spec test/");
    expect(nodeTestScoped(command, scope)?.args).toEqual([
      "--test",
      "--test-concurrency",
      "1",
      "--test-reporter",
      "spec",
      "test/a.test.js",
    ]);
  });

  it("gates' TAP reporter takes the place of the command's, value and all", () => {
    const command = parseCommand("node --test --test-reporter spec --test-concurrency 1 test/");
    const scoped = nodeTestScoped(command, scope);
    expect(scoped && nodeTestArgv(scoped)).toEqual([
      "--test-reporter=tap",
      "--test-reporter-destination=stdout",
      "--test",
      "--test-concurrency",
      "1",
      "test/a.test.js",
    ]);
  });
});

describe("docReaders: which file names a documentation file", () => {
  const texts = new Map([
    ["test/readme.test.ts", 'const text = readFileSync("../README.md", "utf8");'],
    ["test/pages.test.ts", 'for (const page of glob("docs/**/*.{md,mdx}")) check(page);'],
    ["test/other.test.ts", 'expect(load("data.json")).toBe(1);'],
  ]);

  it("by its base name, or by a glob of its extension", () => {
    expect(
      docReaders(["README.md", "docs/page.mdx", "docs/guide.rst", "CHANGELOG.md"], texts),
    ).toEqual(
      new Map([
        ["README.md", "test/readme.test.ts"],
        ["docs/page.mdx", "test/pages.test.ts"],
        ["CHANGELOG.md", "test/pages.test.ts"],
      ]),
    );
  });

  it("no text names it: no reader", () => {
    expect(docReaders(["docs/guide.rst"], new Map([["t.test.ts", "*.md"]]))).toEqual(new Map());
    expect(docReaders(["docs/page.mdx"], new Map([["t.test.ts", '"**/*.md"']]))).toEqual(new Map());
  });
});

describe("moduleSpecifiers", () => {
  it("reads static, re-export, side-effect, dynamic, require and mock references", () => {
    const text = [
      'import { a } from "./a.js";',
      "import {\n  b,\n  c,\n} from '../b';",
      'export * from "./c";',
      'import "./side";',
      'const d = await import("./d.js");',
      'const e = require("./e");',
      'vi.mock("./f", () => ({}));',
      'import type { G } from "pkg/sub";',
    ].join("\n");
    expect(moduleSpecifiers(text)).toEqual({
      specifiers: expect.arrayContaining([
        "./a.js",
        "../b",
        "./c",
        "./side",
        "./d.js",
        "./e",
        "./f",
        "pkg/sub",
      ]),
      dynamic: false,
    });
  });

  it.each([
    "await import(name)",
    "require(`./${x}`)",
    "import.meta.glob('./*.ts')",
    "require(path)",
  ])("%s is a module named by an expression", (text) =>
    expect(moduleSpecifiers(text).dynamic).toBe(true),
  );
});

describe("importGraph over files on disk", () => {
  const write = (dir: string, path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it("resolves .js to .ts and index files, skips installed packages, follows workspace links", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gates-graph-"));
    write(dir, "src/a.ts", 'import { b } from "./lib/index.js";\nimport { z } from "zod";\n');
    write(dir, "src/lib/index.ts", 'export * from "./b.js";\n');
    write(dir, "src/lib/b.ts", "export const b = 1;\n");
    write(dir, "node_modules/zod/index.js", "export const z = 1;\n");
    write(dir, "packages/util/src/u.ts", "export const u = 1;\n");
    write(dir, "src/u.test.ts", 'import { u } from "@me/util";\nimport { a } from "./a";\n');
    mkdirSync(join(dir, "node_modules/@me"), { recursive: true });
    symlinkSync(join(dir, "packages/util"), join(dir, "node_modules/@me/util"));
    write(dir, "src/alias.ts", 'import { x } from "@/x";\n');
    const graph = await importGraph(dir);
    expect([...(graph.imports.get("src/a.ts") ?? [])]).toEqual(["src/lib/index.ts"]);
    expect([...(graph.imports.get("src/lib/index.ts") ?? [])]).toEqual(["src/lib/b.ts"]);
    expect([...(graph.imports.get("src/u.test.ts") ?? [])].sort()).toEqual([
      "packages/util/src/u.ts",
      "src/a.ts",
    ]);
    expect(graph.opaque.get("src/alias.ts")).toBe(
      "src/alias.ts imports '@/x', which resolves nowhere",
    );
    expect(graph.files).not.toContain("node_modules/zod/index.js");
    expect(relatedTests(graph, ["src/lib/b.ts"], isTest).files).toEqual(["src/u.test.ts"]);
  });
});

// A test file's snapshot is read by that test file alone: its change runs that file, not the suite.
describe("a snapshot file stands for its test file", () => {
  it.each([
    ["src/__snapshots__/a.test.ts.snap", "src/a.test.ts"],
    ["__snapshots__/b.spec.js.snap", "b.spec.js"],
    ["test/__snapshots__/c.test.tsx.snap", "test/c.test.tsx"],
    ["src/__snapshots__/shared.snap", undefined],
    ["src/a.test.ts.snap", undefined],
  ])("%s → %s", (path, owner) => {
    expect(snapshotOwner(path)).toBe(owner);
  });

  it("an edited or new snapshot of a test file stays related and runs that test file", () => {
    const snap = "src/__snapshots__/a.test.ts.snap";
    expect(widenReason(input(changed(snap)))).toBeUndefined();
    expect(
      widenReason(input({ ...changed(snap, "added"), oraclePaths: new Set() })),
    ).toBeUndefined();
    const paths = scopedPaths([{ path: "src/c.ts" }, { path: snap }, { path: "src/a.test.ts" }]);
    expect(paths).toEqual(["src/c.ts", "src/a.test.ts"]);
    expect(relatedTests(GRAPH, paths, isTest).files).toEqual(["src/a.test.ts", "src/c.test.ts"]);
  });

  it("a snapshot no test file owns, or a deleted one, still widens", () => {
    expect(widenReason(input(changed("src/__snapshots__/shared.snap")))).toBe(
      "the change touches src/__snapshots__/shared.snap (test-support), which decides how every test runs",
    );
    expect(widenReason(input(changed("src/__snapshots__/a.test.ts.snap", "deleted")))).toMatch(
      /^the change touches src\/__snapshots__\/a.test.ts.snap/,
    );
  });
});
