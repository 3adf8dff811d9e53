// Issue 34 §2: the floor judges the oracle's files against the oracle's text. Each case: a feature
// branch whose committed test honestly fails (the oracle snapshot is taken there, as `loop start`
// does), then a cheat (→ a finding naming file:line and what was weakened) or an honest change (→ green).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  debug,
  git,
  makeRepo,
  runInProcess,
  type CliResult,
  type Repo,
} from "../../test/fixture.js";
import { defaultConfig } from "../config.js";
import type { GatesContext } from "../context.js";
import { collectChange } from "../diff/change.js";
import { openOracle, snapshotTree } from "../oracle/index.js";
import { floorFindings } from "../stages/floor.js";
import type { DeclaredTest } from "./declared.js";

beforeAll(() => {
  process.env.VERIFY_STATE_DIR = mkdtempSync(join(tmpdir(), "floor-oracle-state-"));
});

const RED_TEST = [
  'import { expect, it } from "vitest";',
  'import { discount, load } from "./price.js";',
  "",
  'it("takes 10 off with SAVE10", () => {',
  '  expect(discount(100, "SAVE10")).toBe(90);',
  "});",
  "",
  'it("returns a number", () => {',
  '  expect(discount(5, "")).toBeDefined();',
  "});",
  "",
  'it("rejects an unknown code", async () => {',
  '  await expect(load("nope")).rejects.toThrow("unknown code");',
  "});",
  "",
].join("\n");

const SOURCE = [
  "export function discount(price: number, _code: string): number {",
  "  return price;",
  "}",
  "export async function load(code: string): Promise<string> {",
  "  return code;",
  "}",
  "",
].join("\n");

/** A branch with a red test committed (the task: make it pass), the oracle taken there. */
async function redBranch(
  extra: Record<string, string> = {},
): Promise<{ repo: Repo; snapshot: string }> {
  const repo = makeRepo();
  repo.write("src/price.ts", SOURCE);
  repo.write("src/price.test.ts", RED_TEST);
  for (const [path, text] of Object.entries(extra)) repo.write(path, text);
  repo.commit("the task: a failing test for discounts");
  const oracle = await snapshotTree(repo.dir, process.env);
  return { repo, snapshot: oracle.id };
}

const floor = (repo: Repo, snapshot: string) =>
  runInProcess(repo.dir, { only: ["floor"], oracleSnapshot: snapshot });

/** The floor's API with the task's declared test changes (what `## TESTS` will pass it). */
async function floorWith(root: string, snapshot: string, declared: DeclaredTest[]) {
  const mergeBase = git(root, "merge-base", "main", "HEAD").trim();
  const config = defaultConfig();
  const ctx = {
    root,
    change: await collectChange(root, mergeBase, []),
    config,
    configs: { base: config, working: config, effective: config, workingText: undefined },
    regression: undefined,
    oracle: () => openOracle(root, process.env, snapshot),
  } as unknown as GatesContext;
  return floorFindings(ctx, declared);
}

const found = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`);

const ASSERT = 'expect(discount(100, "SAVE10")).toBe(90);';

/** Each cheat: its edit of the red test, the line of its finding and what its message says. */
const CHEATS: Array<[name: string, edit: (test: string) => string, line: number, what: RegExp]> = [
  [
    "toBe(90) → toBeDefined()",
    (t) => t.replace("toBe(90)", "toBeDefined()"),
    5,
    /loosened: .*toBe\(90\) → .*toBeDefined\(\)/,
  ],
  [".not added", (t) => t.replace(").toBe(90)", ").not.toBe(90)"), 5, /\.not added/],
  [
    "a tautology in its place",
    (t) => t.replace(ASSERT, "expect(true).toBe(true);"),
    5,
    /tautology/,
  ],
  [
    "expect(x).toBe(x)",
    (t) => t.replace("toBe(90)", 'toBe(discount(100, "SAVE10"))'),
    5,
    /tautology/,
  ],
  [
    "the assertion deleted",
    (t) => t.replace(`  ${ASSERT}\n`, ""),
    5,
    /assertion removed: expect\(discount/,
  ],
  [
    "behind if (false)",
    (t) => t.replace(`  ${ASSERT}`, `  if (false) {\n    ${ASSERT}\n  }`),
    6,
    /never true/,
  ],
  [
    "inside try/catch",
    (t) => t.replace(`  ${ASSERT}`, `  try {\n    ${ASSERT}\n  } catch {}`),
    6,
    /try\/catch/,
  ],
  [
    "the await on .rejects dropped",
    (t) => t.replace("await expect(load", "expect(load"),
    13,
    /no longer awaited/,
  ],
  [
    "expect.soft",
    (t) => t.replace(ASSERT, ASSERT.replace("expect(", "expect.soft(")),
    5,
    /expect\.soft/,
  ],
  [
    "vi.mock of the module under test",
    (t) =>
      t.replace(
        'import { discount, load } from "./price.js";',
        'import { discount, load } from "./price.js";\nvi.mock("./price.js");',
      ),
    3,
    /vi\.mock\('\.\/price\.js'\) mocks the module under test/,
  ],
];

/**
 * Every cheat in one change and one floor run: the task's red test and its module copied into a
 * folder per cheat (src/c0 … src/c9), all committed with the oracle taken there, then each copy
 * of the test edited by its cheat.
 */
let cheated: Promise<CliResult> | undefined;
function cheatedRun(): Promise<CliResult> {
  cheated ??= (async () => {
    const folders = Object.fromEntries(
      CHEATS.flatMap((_, i) => [
        [`src/c${i}/price.ts`, SOURCE],
        [`src/c${i}/price.test.ts`, RED_TEST],
      ]),
    );
    const { repo, snapshot } = await redBranch(folders);
    CHEATS.forEach(([, edit], i) => repo.write(`src/c${i}/price.test.ts`, edit(RED_TEST)));
    return floor(repo, snapshot);
  })();
  return cheated;
}

describe("an oracle test's assertions weakened → a finding at the assertion (all in one run)", () => {
  it.each(CHEATS.map((c, i) => [...c, i] as const))("%s", async (_name, _edit, line, what, i) => {
    const result = await cheatedRun();
    expect(result.code, debug(result)).toBe(1);
    const at = `src/c${i}/price.test.ts:${line}`;
    const hit = found(result).find((f) => f.startsWith(`${at} `));
    expect(hit, found(result).join("\n")).toBeDefined();
    expect(hit).toMatch(what);
  });
});

describe("honest changes to an oracle test stay green", () => {
  it("a stricter assertion, a new assertion and a new test", async () => {
    const { repo, snapshot } = await redBranch();
    const stricter = RED_TEST.replace("toBeDefined()", "toBe(5)")
      .replace(ASSERT, `${ASSERT}\n  expect(discount(200, "SAVE10")).toBe(180);`)
      .concat(
        'it("keeps the price without a code", () => {\n  expect(discount(7, "")).toBe(7);\n});\n',
      );
    repo.write("src/price.test.ts", stricter);
    repo.write(
      "src/price.ts",
      SOURCE.replace("return price;", 'return code === "SAVE10" ? price * 0.9 : price;').replace(
        "_code",
        "code",
      ),
    );
    const result = await floor(repo, snapshot);
    expect(result.code, found(result).join("\n")).toBe(0);
  });

  it("the tests wrapped in a describe and re-indented, a mock of a dependency, a new test file with a mock", async () => {
    const { repo, snapshot } = await redBranch();
    const body = RED_TEST.split("\n")
      .slice(3)
      .map((l) => (l === "" ? l : `  ${l}`))
      .join("\n");
    const wrapped = [
      'import { describe, expect, it, vi } from "vitest";',
      'import { discount, load } from "./price.js";',
      'vi.mock("./rates.js");',
      "",
      'describe("discount", () => {',
      body,
      "});",
      "",
    ].join("\n");
    repo.write("src/price.test.ts", wrapped);
    repo.write(
      "src/other.test.ts",
      'import { it, vi } from "vitest";\nimport "./math.js";\nvi.mock("./math.js");\nit("x", () => {});\n',
    );
    const result = await floor(repo, snapshot);
    expect(result.code, found(result).join("\n")).toBe(0);
  });

  it("a test moved to another file, an assertion moved into a helper: green", async () => {
    const { repo, snapshot } = await redBranch();
    const moved = RED_TEST.replace(/it\("returns a number"[\s\S]*?\n\}\);\n/, "").replace(
      `  ${ASSERT}`,
      "  checkSave10();",
    );
    repo.write("src/price.test.ts", `${moved}function checkSave10(): void {\n  ${ASSERT}\n}\n`);
    repo.write(
      "src/number.test.ts",
      'import { expect, it } from "vitest";\nimport { discount } from "./price.js";\n\nit("returns a number", () => {\n  expect(discount(5, "")).toBeDefined();\n});\n',
    );
    const result = await floor(repo, snapshot);
    expect(result.code, found(result).join("\n")).toBe(0);
  });

  it("an edit the task declares (## TESTS action: modify) is not a finding", async () => {
    const { repo, snapshot } = await redBranch();
    repo.write("src/price.test.ts", RED_TEST.replace("toBe(90)", "toBe(80)"));
    const undeclared = await floor(repo, snapshot);
    expect(found(undeclared).join("\n")).toMatch(/src\/price\.test\.ts:5 weakened-test/);
    const findings = await floorWith(repo.dir, snapshot, [
      { path: "src/price.test.ts", test: "takes 10 off with SAVE10" },
    ]);
    expect(findings).toEqual([]);
  });
});

describe("snapshots rewritten", () => {
  const SNAP = ["// Vitest Snapshot v1", "", 'exports[`receipt 1`] = `"total: 90"`;', ""].join(
    "\n",
  );

  it("a stored snapshot rewritten → a finding at it; a new snapshot added → green", async () => {
    const { repo, snapshot } = await redBranch({ "src/__snapshots__/price.test.ts.snap": SNAP });
    repo.write("src/__snapshots__/price.test.ts.snap", `${SNAP}exports[\`other 1\`] = \`"x"\`;\n`);
    const added = await floor(repo, snapshot);
    expect(added.code, found(added).join("\n")).toBe(0);
    repo.write("src/__snapshots__/price.test.ts.snap", SNAP.replace("total: 90", "total: 100"));
    const rewritten = await floor(repo, snapshot);
    expect(found(rewritten)).toContainEqual(
      "src/__snapshots__/price.test.ts.snap:3 weakened-test snapshot 'receipt 1' rewritten",
    );
  });

  it("an inline snapshot rewritten → a finding", async () => {
    const inline = RED_TEST.replace("toBe(90)", "toMatchInlineSnapshot(`90`)");
    const { repo, snapshot } = await redBranch({ "src/price.test.ts": inline });
    repo.write("src/price.test.ts", inline.replace("`90`", "`100`"));
    const result = await floor(repo, snapshot);
    expect(found(result).join("\n")).toMatch(
      /src\/price\.test\.ts:5 weakened-test .*inline snapshot rewritten/,
    );
  });
});
