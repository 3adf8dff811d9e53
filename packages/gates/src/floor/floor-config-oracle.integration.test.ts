// Issue 34 §2: a change to an oracle config, ignore list or script that leaves something out is a
// finding naming the file and line; a stricter change, or a new config file, is not (36 §1).
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { debug, makeRepo, runInProcess, type CliResult } from "../../test/fixture.js";
import { snapshotTree } from "../oracle/index.js";

beforeAll(() => {
  process.env.VERIFY_STATE_DIR = mkdtempSync(join(tmpdir(), "floor-config-state-"));
});

const PKG = JSON.stringify(
  { name: "fixture", private: true, type: "module", scripts: { test: "vitest run" } },
  null,
  2,
);
const EXTRA: Record<string, string> = {
  "package.json": PKG,
  ".eslintignore": "dist\n",
  ".prettierignore": "dist\n",
  ".oxlintrc.json": '{\n  "ignorePatterns": ["dist/**"]\n}\n',
  "biome.json": '{\n  "files": { "includes": ["src/**"] }\n}\n',
};

/** The fixture (configs and all) as the oracle, on a branch; then `edit` is the change. */
async function judge(path: string, edit: (text: string) => string): Promise<CliResult> {
  const repo = makeRepo();
  for (const [file, text] of Object.entries(EXTRA)) repo.write(file, text);
  repo.commit("the configs as the task began");
  const oracle = await snapshotTree(repo.dir, process.env);
  repo.write(path, edit(existsSync(join(repo.dir, path)) ? repo.read(path) : ""));
  return runInProcess(repo.dir, { only: ["floor"], oracleSnapshot: oracle.id });
}

const found = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.message}`);

const cheats: Array<[string, string, (t: string) => string, string, RegExp]> = [
  [
    "passWithNoTests",
    "vitest.config.ts",
    (t) => t.replace("test: {", "test: { passWithNoTests: true,"),
    "vitest.config.ts:4",
    /test\.passWithNoTests turned on/,
  ],
  [
    "bail",
    "vitest.config.ts",
    (t) => t.replace("test: {", "test: { bail: 1,"),
    "vitest.config.ts:4",
    /test\.bail turned on/,
  ],
  [
    "include narrowed",
    "vitest.config.ts",
    (t) => t.replace('"src/**/*.test.ts"', '"src/math.test.ts"'),
    "vitest.config.ts:4",
    /'src\/\*\*\/\*\.test\.ts' removed from test\.include/,
  ],
  [
    "coverage exclude added",
    "vitest.config.ts",
    (t) => t.replace("coverage: {", 'coverage: { exclude: ["src/price.ts"],'),
    "vitest.config.ts:4",
    /'src\/price\.ts' added to test\.coverage\.exclude/,
  ],
  [
    "eslint ignores",
    "eslint.config.js",
    (t) =>
      t.replace(
        "tseslint.configs.recommended, {",
        'tseslint.configs.recommended, { ignores: ["src/price.ts"] }, {',
      ),
    "eslint.config.js:2",
    /'src\/price\.ts' added to ignores/,
  ],
  [
    ".eslintignore",
    ".eslintignore",
    (t) => `${t}src/price.ts\n`,
    ".eslintignore:2",
    /'src\/price\.ts' added to \.eslintignore/,
  ],
  [
    ".prettierignore",
    ".prettierignore",
    (t) => `${t}src/price.ts\n`,
    ".prettierignore:2",
    /'src\/price\.ts' added/,
  ],
  [
    ".oxlintrc.json ignorePatterns",
    ".oxlintrc.json",
    (t) => t.replace('"dist/**"', '"dist/**", "src/price.ts"'),
    ".oxlintrc.json:2",
    /'src\/price\.ts' added to ignorePatterns/,
  ],
  [
    "biome files.includes",
    "biome.json",
    (t) => t.replace('"src/**"', '"src/**", "!src/price.ts"'),
    "biome.json:2",
    /'!src\/price\.ts' added to files\.includes/,
  ],
  [
    "tsconfig exclude",
    "tsconfig.json",
    (t) => t.replace('"include": [', '"exclude": ["src/price.ts"],\n  "include": ['),
    "tsconfig.json:14",
    /'src\/price\.ts' added to exclude/,
  ],
  [
    "noImplicitAny off",
    "tsconfig.json",
    (t) => t.replace('"strict": true,', '"strict": true,\n    "noImplicitAny": false,'),
    "tsconfig.json:7",
    /'noImplicitAny' turned off/,
  ],
  [
    "test script filtered",
    "package.json",
    (t) => t.replace('"vitest run"', '"vitest run src/math.test.ts"'),
    "package.json:6",
    /words added to the 'test' script: 'src\/math\.test\.ts'/,
  ],
  [
    "test script replaced",
    "package.json",
    (t) => t.replace('"vitest run"', '"echo ok"'),
    "package.json:6",
    /'vitest run' dropped/,
  ],
];

describe("an oracle config loosened → a finding at its line", () => {
  it.each(cheats)("%s", async (_name, path, edit, at, what) => {
    const result = await judge(path, edit);
    expect(result.code, debug(result)).toBe(1);
    const hit = found(result).find((f) => f.startsWith(`${at} `));
    expect(hit, found(result).join("\n")).toMatch(what);
  });
});

const honest: Array<[string, string, (t: string) => string]> = [
  [
    "include widened",
    "vitest.config.ts",
    (t) => t.replace('"src/**/*.test.ts"', '"src/**/*.test.ts", "test/**/*.test.ts"'),
  ],
  ["an ignore entry removed", ".oxlintrc.json", (t) => t.replace('"dist/**"', "")],
  ["a re-include in .eslintignore", ".eslintignore", (t) => `${t}!dist/keep.js\n`],
  [
    "coverage on in the test script",
    "package.json",
    (t) => t.replace('"vitest run"', '"vitest run --coverage"'),
  ],
  [
    "a new tsconfig with skipLibCheck (36 §1)",
    "examples/demo/tsconfig.json",
    () => '{ "compilerOptions": { "skipLibCheck": true, "strict": false } }\n',
  ],
];

describe("a stricter or new config stays green", () => {
  it.each(honest)("%s", async (_name, path, edit) => {
    const result = await judge(path, (t) => edit(t));
    expect(result.code, found(result).join("\n")).toBe(0);
  });
});
