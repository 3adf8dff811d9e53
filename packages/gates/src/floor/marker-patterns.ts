import { LINE_SKIPS, MODIFIER_CALL, SHORTHAND_CALL } from "../catalogue/skip-forms.js";
import { SUPPRESSIONS, type Suppression, type SuppressionKind } from "../catalogue/suppressions.js";
import { isCodeFile, isTestFile } from "../catalogue/test-files.js";

/** A marker the floor finds on a line the change added (markers.ts), with its finding's words. */
export interface FloorPattern {
  rule: string;
  pattern: RegExp;
  what: string;
  hint: string;
  /** Which files the pattern applies to. */
  applies: (path: string) => boolean;
  /** What a suppression silences (its form and rules), when its tool's syntax says. */
  reads?: Suppression["reads"];
}

const testOrRust = (path: string) => isTestFile(path) || path.endsWith(".rs");
const SUPPRESSION_HINT = "fix what the tool reports instead of silencing it";
const HINTS: Partial<Record<SuppressionKind, string>> = {
  coverage: "cover the code with a test instead",
  secret: "remove the secret instead",
};
const SKIP_HINT = "run every test: fix or delete the test instead of skipping or focusing it";

/** Every tool's suppressions (in code of any language) and every runner's skip forms (in tests). */
export const FLOOR_PATTERNS: readonly FloorPattern[] = [
  ...SUPPRESSIONS.map(({ kind, pattern, what, reads, assertsIn }) => ({
    rule: "suppression",
    pattern,
    what,
    reads,
    hint: HINTS[kind] ?? SUPPRESSION_HINT,
    applies: (path: string) => isCodeFile(path) && !assertsIn?.(path),
  })),
  ...[MODIFIER_CALL, SHORTHAND_CALL].map((pattern) => ({
    rule: "skipped-test",
    pattern,
    what: "skipped or focused test",
    hint: SKIP_HINT,
    applies: isTestFile,
  })),
  ...LINE_SKIPS.map(({ runner, pattern, what }) => ({
    rule: "skipped-test",
    pattern,
    what,
    hint: SKIP_HINT,
    applies: runner === "cargo test" ? testOrRust : isTestFile,
  })),
];
