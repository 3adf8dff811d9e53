// The patterns are written so that this file does not match them itself
// (a character class or a group splits each marker), so the floor can run on its own source.

export interface FloorPattern {
  rule: string;
  pattern: RegExp;
  what: string;
  hint: string;
  /** Which files the pattern applies to. */
  applies: (path: string) => boolean;
}

const CODE =
  /\.(?:[cm]?[jt]sx?|vue|svelte|astro|py|pyi|rs|go|rb|java|kts?|swift|c|cc|cpp|h|hpp|cs|php|scala|css|scss|less|html)$/;
const TEST_FILE = [
  /\.(?:test|spec)\.[cm]?[jt]sx?$/,
  /(?:^|\/)__tests__\/.*\.[cm]?[jt]sx?$/,
  /(?:^|\/)test_[^/]*\.py$/,
  /_test\.(?:py|go)$/,
];

export const isCodeFile = (path: string) => CODE.test(path);
export const isTestFile = (path: string) => TEST_FILE.some((pattern) => pattern.test(path));
export const isScriptFile = (path: string) => /\.[cm]?[jt]sx?$/.test(path);

const testOrRust = (path: string) => isTestFile(path) || path.endsWith(".rs");
const SUPPRESSION_HINT = "fix what the tool reports instead of silencing it";
const SKIP_HINT = "run every test: fix or delete the test instead of skipping or focusing it";

export const FLOOR_PATTERNS: readonly FloorPattern[] = [
  {
    rule: "suppression",
    pattern: /@ts-(?:ignore|nocheck|expect-error)\b/,
    what: "TypeScript suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /eslint[-]disable/,
    what: "ESLint suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /oxlint[-]disable(?:-next-line|-line)?/,
    what: "oxlint suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    // An inline rule config in a block comment that sets a rule to off or warn (eslint, oxlint).
    pattern: /\/\*\s*(?:eslint|oxlint)[ \t]+[^*]*?:\s*\[?\s*["']?(?:off|warn|0|1)\b[^*]*\*\//,
    what: "inline lint rule config",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /biome[-]ignore(?:-all|-start)?/,
    what: "Biome suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /prettier[-]ignore/,
    what: "Prettier suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /\b(?:istanbul|c8|v8)[ ]ignore\b/,
    what: "coverage suppression",
    hint: "cover the code with a test instead",
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /#\s*noqa\b/,
    what: "noqa suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /#\s*type:\s*ignore\b/,
    what: "type: ignore suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /#\s*pragma:\s*no\s+cover\b/,
    what: "coverage pragma",
    hint: "cover the code with a test instead",
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /#!?\[allow\(/,
    what: "Rust allow attribute",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /\/\/\s*nolint\b/,
    what: "nolint suppression",
    hint: SUPPRESSION_HINT,
    applies: isCodeFile,
  },
  {
    rule: "suppression",
    pattern: /secretlint[-]disable/,
    what: "secretlint suppression",
    hint: "remove the secret instead",
    applies: isCodeFile,
  },
  {
    rule: "skipped-test",
    pattern: /\.(?:skip|only|todo|fixme|skipIf)\s*\(/,
    what: "skipped or focused test",
    hint: SKIP_HINT,
    applies: isTestFile,
  },
  {
    rule: "skipped-test",
    pattern: /(?:^|[^\w.$])(?:xit|xdescribe|xtest|fit|fdescribe)\s*\(/,
    what: "skipped or focused test",
    hint: SKIP_HINT,
    applies: isTestFile,
  },
  {
    rule: "skipped-test",
    pattern: /@pytest\.mark\.skip(?:if)?\b/,
    what: "skipped test",
    hint: SKIP_HINT,
    applies: isTestFile,
  },
  {
    rule: "skipped-test",
    pattern: /#\[ignore\b/,
    what: "ignored test",
    hint: SKIP_HINT,
    applies: testOrRust,
  },
  {
    rule: "skipped-test",
    pattern: /\bt\.Skip(?:Now|f)?\(/,
    what: "skipped test",
    hint: SKIP_HINT,
    applies: isTestFile,
  },
];
