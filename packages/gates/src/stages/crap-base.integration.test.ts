import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, type CliResult } from "../../test/fixture.js";
import { fixtureRecording, replayVitest } from "../../test/recorded-vitest.js";
import { mapNewLine } from "./crap-base.js";

// Issue 36 §1 / seed 002, "a slice never inherits debt it did not write": a complex function
// that was over the threshold at the base and that the change merely touched (a rename on one
// of its lines) does not fail the change; one whose score the change raised does.

/** Complexity 11, no test: CRAP 132 at the base already. */
const CONVERTER = [
  "export function convert(score: number, bonus: boolean, late: boolean): string {",
  '  if (score > 90) return bonus ? "A+" : "A";',
  '  if (score > 80) return late ? "B-" : "B";',
  '  if (score > 70 && !late) return "C";',
  '  if (score > 60 || bonus) return "D";',
  "  for (let i = 0; i < 3; i++) {",
  '    if (i === score) return "odd";',
  "  }",
  '  return "F";',
  "}",
  "",
].join("\n");

/** Complexity 5, no test: CRAP 30, at the threshold but not over it. */
const PARSER = [
  "export function parse(flag: string): number {",
  '  if (flag === "-a") return 1;',
  '  if (flag === "-b") return 2;',
  '  if (flag === "-c") return 3;',
  '  if (flag === "-d") return 4;',
  "  return 0;",
  "}",
  "",
].join("\n");

describe("crap compares a touched function with itself at the base", () => {
  // The fixture's own tests, run once by the real vitest, replayed for each case: none of them
  // covers the functions below, so each scores CRAP = complexity² + complexity.
  let fixtureTests: string;
  beforeAll(() => {
    fixtureTests = fixtureRecording();
  });

  // One change, one `--only crap` run: each case's old function at a file of its own, each
  // judged on its own (the stage scores a file's touched functions against that file at the base).
  const CASES = {
    renamed: [
      "src/renamed.ts",
      CONVERTER,
      CONVERTER.replace("function convert(", "function toGrade("),
    ],
    shifted: [
      "src/shifted.ts",
      CONVERTER,
      `export const scale = 100;\n\n${CONVERTER.replace('return "F";', 'return "Fail";')}`,
    ],
    branched: [
      "src/branched.ts",
      CONVERTER,
      CONVERTER.replace('  return "F";', '  if (late) return "F-";\n  return "F";'),
    ],
    parse: [
      "src/parse.ts",
      PARSER,
      PARSER.replace("  return 0;", '  if (flag === "-e") return 5;\n  return 0;'),
    ],
    again: [
      "src/again.ts",
      CONVERTER,
      `${CONVERTER}\n${CONVERTER.replace("function convert(", "function convertAgain(")}`,
    ],
  } as const;
  let result: CliResult;
  let functions: Array<{ file: string; name: string; over_threshold: boolean }>;
  beforeAll(async () => {
    const repo = makeRepo(
      Object.fromEntries(Object.values(CASES).map(([path, base]) => [path, base])),
    );
    replayVitest(repo, fixtureTests);
    for (const [path, , change] of Object.values(CASES)) repo.write(path, change);
    result = await runCliInProcess(repo.dir, ["--only", "crap"]);
    functions = (
      JSON.parse(readFileSync(join(repo.dir, ".verify", "crap.json"), "utf8")) as {
        functions: typeof functions;
      }
    ).functions;
  });
  const at = (file: string) => (result.report?.findings ?? []).filter((f) => f.file === file);

  it("the run: red (exit 1) with the three cases' findings, no other", () => {
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => f.file).sort(), debug(result)).toEqual([
      "src/again.ts",
      "src/branched.ts",
      "src/parse.ts",
    ]);
  });

  it("an old complex function renamed on one line passes: old debt, said so in a note", () => {
    expect(at(CASES.renamed[0]), debug(result)).toEqual([]);
    expect(functions).toContainEqual(
      expect.objectContaining({ file: CASES.renamed[0], name: "toGrade", over_threshold: true }),
    );
    // Held as old debt: this case's toGrade and the next case's convert, the run's two touched
    // functions over 30 without a finding.
    expect(result.stdout).toContain(
      "2 touched function(s) over 30 no worse than at the base: old debt, not the change's",
    );
  });

  it("a line inside it renamed, the file also gaining lines above it: still the same function", () => {
    expect(at(CASES.shifted[0]), debug(result)).toEqual([]);
  });

  it("a branch added to the old complex function fails: its score rose by the change", () => {
    expect(at(CASES.branched[0]).map((f) => f.message)).toEqual([
      "function 'convert' CRAP 156.0 > 30 (complexity 12, coverage 0%; CRAP 132.0, complexity 11 at the base)",
    ]);
  });

  it("a function the change pushes past the threshold fails (CRAP 30 → 42)", () => {
    expect(at(CASES.parse[0]).map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "src/parse.ts:1 crap",
    ]);
  });

  it("a new complex function beside the old one fails, the old one does not", () => {
    expect(at(CASES.again[0]).map((f) => `${f.line} ${f.message.split(" CRAP")[0]}`)).toEqual([
      "12 function 'convertAgain'",
    ]);
  });
});

describe("mapNewLine: a working-tree line's place at the base", () => {
  it("shifts past added and deleted lines, and has none for an added line", () => {
    // 2 lines added after base line 1; base lines 5-6 deleted after new line 6.
    const hunks = [
      { oldStart: 1, oldCount: 0, newStart: 2, newCount: 2 },
      { oldStart: 5, oldCount: 2, newStart: 6, newCount: 0 },
    ];
    expect([1, 2, 3, 4, 6, 7].map((line) => mapNewLine(hunks, line))).toEqual([
      1,
      undefined,
      undefined,
      2,
      4,
      7,
    ]);
  });
});
