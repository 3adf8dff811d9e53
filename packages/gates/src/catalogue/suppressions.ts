// Every tool's way of silencing itself on a line or a file: the one list every check reads
// (issue 47). The patterns are written so that this file does not match them itself (a
// character class or a group splits each marker), so the floor can run on its own source.
import { isTestSide, isTypeTestFile } from "./test-files.js";

/** What a suppression silences: a linter, the type checker, a formatter, coverage or a secret scan. */
export type SuppressionKind = "lint" | "type" | "format" | "coverage" | "secret";

export interface Suppression {
  /** The tool (or tools) whose comment it is. */
  tool: string;
  kind: SuppressionKind;
  pattern: RegExp;
  /** Its name in a finding: "new ESLint suppression: …". */
  what: string;
  /** Files where the comment is an assertion, not a suppression. */
  assertsIn?: (path: string) => boolean;
  /** What it silences, read from the text after the pattern's match (default: everything, one form). */
  reads?: (tail: string, match: string) => Silenced;
}

/** What one suppression silences: its form (a line, a block, a file…) and its rules. */
export interface Silenced {
  form: string;
  /** The rules or codes it names; "all" when it names none. */
  rules: readonly string[] | "all";
}

const listed = (text: string, separator: RegExp): Silenced["rules"] => {
  const rules = text
    .split(separator)
    .map((r) => r.trim())
    .filter(Boolean);
  return rules.length === 0 ? "all" : rules.sort();
};

/** eslint, oxlint, secretlint: `…-disable-next-line rule-a, rule-b -- why` (the why is no rule). */
const disableDirective = (tail: string, match: string): Silenced => {
  const form = /-line$/.test(match) || /^-(?:next-)?line\b/.test(tail) ? "line" : "block";
  const rest = tail.replace(/^-(?:next-)?line\b/, "").split(/\*\//)[0] ?? "";
  return { form, rules: listed(rest.split(/\s-{2,}(?:\s|$)/)[0] ?? "", /[\s,]+/) };
};

/** Coverage's `ignore next 3`, `ignore file`: the form's word and a count; no rules. */
const coverageForm = (tail: string): Silenced => ({
  form: /^\s*(\w*(?:\s+\d+)?)/.exec(tail)?.[1]?.replace(/\s+/g, " ") ?? "",
  rules: "all",
});

export const SUPPRESSIONS: readonly Suppression[] = [
  {
    tool: "tsc",
    kind: "type",
    pattern: /@ts-(?:ignore|nocheck)\b/,
    what: "TypeScript suppression",
    // The directive is the match itself; what follows is a comment.
    reads: (_tail, match) => ({ form: match, rules: "all" }),
  },
  {
    tool: "tsc",
    kind: "type",
    pattern: /@ts-expect[-]error\b/,
    what: "TypeScript suppression",
    // In a type test, and in any test, it asserts that the next line does not compile: a test
    // passes a wrong type on purpose to see it rejected (`parse(1)` where a string is wanted).
    assertsIn: (path) => isTypeTestFile(path) || isTestSide(path),
    reads: (_tail, match) => ({ form: match, rules: "all" }),
  },
  {
    tool: "eslint",
    kind: "lint",
    pattern: /eslint[-]disable/,
    what: "ESLint suppression",
    reads: disableDirective,
  },
  {
    tool: "oxlint",
    kind: "lint",
    pattern: /oxlint[-]disable(?:-next-line|-line)?/,
    what: "oxlint suppression",
    reads: disableDirective,
  },
  {
    tool: "eslint, oxlint",
    kind: "lint",
    // An inline rule config in a block comment that sets a rule to off or warn (eslint, oxlint).
    pattern: /\/\*\s*(?:eslint|oxlint)[ \t]+[^*]*?:\s*\[?\s*["']?(?:off|warn|0|1)\b[^*]*\*\//,
    what: "inline lint rule config",
  },
  {
    tool: "biome",
    kind: "lint",
    pattern: /biome[-]ignore(?:-all|-start)?/,
    what: "Biome suppression",
    // Biome's `…-all lint/a lint/b: why`: the categories come before the colon.
    reads: (tail, match) => ({ form: match, rules: listed(tail.split(":")[0] ?? "", /\s+/) }),
  },
  {
    tool: "prettier",
    kind: "format",
    pattern: /prettier[-]ignore/,
    what: "Prettier suppression",
    reads: (tail) => ({ form: /^-(?:start|end)\b/.exec(tail)?.[0] ?? "", rules: "all" }),
  },
  {
    tool: "istanbul, c8, v8",
    kind: "coverage",
    pattern: /\b(?:istanbul|c8|v8)[ ]ignore\b/,
    what: "coverage suppression",
    reads: coverageForm,
  },
  {
    tool: "ruff, flake8",
    kind: "lint",
    pattern: /#\s*noqa\b/,
    what: "noqa suppression",
    // `noqa: E501, W291 reason`: the codes after the colon.
    reads: (tail) => ({
      form: "",
      rules: listed(/^:\s*((?:[A-Z]+\d+[\s,]*)*)/.exec(tail)?.[1] ?? "", /[\s,]+/),
    }),
  },
  {
    tool: "mypy, pyright",
    kind: "type",
    pattern: /#\s*type:\s*ignore\b/,
    what: "type: ignore suppression",
    reads: (tail) => ({ form: "", rules: listed(/^\[([^\]]*)\]/.exec(tail)?.[1] ?? "", /[\s,]+/) }),
  },
  {
    tool: "coverage.py",
    kind: "coverage",
    pattern: /#\s*pragma:\s*no\s+cover\b/,
    what: "coverage pragma",
    reads: () => ({ form: "", rules: "all" }),
  },
  {
    tool: "rustc, clippy",
    kind: "lint",
    pattern: /#!?\[allow\(/,
    what: "Rust allow attribute",
    reads: (tail) => ({ form: "", rules: listed(tail.split(")")[0] ?? "", /[\s,]+/) }),
  },
  {
    tool: "golangci-lint",
    kind: "lint",
    pattern: /\/\/\s*nolint\b/,
    what: "nolint suppression",
    reads: (tail) => ({ form: "", rules: listed(/^:([\w,-]+)/.exec(tail)?.[1] ?? "", /,/) }),
  },
  {
    tool: "secretlint",
    kind: "secret",
    pattern: /secretlint[-]disable/,
    what: "secretlint suppression",
    reads: disableDirective,
  },
];

/**
 * `now` silences nothing that `was` did not: the same form, and rules `was` named too (or `was`
 * named none). A reason added to a suppression is no new suppression; a rule added to it is.
 */
export function silencesNoMore(now: Silenced, was: Silenced): boolean {
  if (now.form !== was.form) return false;
  if (was.rules === "all") return true;
  const rules = new Set(was.rules);
  return now.rules !== "all" && now.rules.every((r) => rules.has(r));
}
