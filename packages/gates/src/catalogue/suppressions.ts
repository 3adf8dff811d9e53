// Every tool's way of silencing itself on a line or a file: the one list every check reads
// (issue 47). The patterns are written so that this file does not match them itself (a
// character class or a group splits each marker), so the floor can run on its own source.

/** What a suppression silences: a linter, the type checker, a formatter, coverage or a secret scan. */
export type SuppressionKind = "lint" | "type" | "format" | "coverage" | "secret";

export interface Suppression {
  /** The tool (or tools) whose comment it is. */
  tool: string;
  kind: SuppressionKind;
  pattern: RegExp;
  /** Its name in a finding: "new ESLint suppression: …". */
  what: string;
}

export const SUPPRESSIONS: readonly Suppression[] = [
  {
    tool: "tsc",
    kind: "type",
    pattern: /@ts-(?:ignore|nocheck|expect-error)\b/,
    what: "TypeScript suppression",
  },
  { tool: "eslint", kind: "lint", pattern: /eslint[-]disable/, what: "ESLint suppression" },
  {
    tool: "oxlint",
    kind: "lint",
    pattern: /oxlint[-]disable(?:-next-line|-line)?/,
    what: "oxlint suppression",
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
  },
  { tool: "prettier", kind: "format", pattern: /prettier[-]ignore/, what: "Prettier suppression" },
  {
    tool: "istanbul, c8, v8",
    kind: "coverage",
    pattern: /\b(?:istanbul|c8|v8)[ ]ignore\b/,
    what: "coverage suppression",
  },
  { tool: "ruff, flake8", kind: "lint", pattern: /#\s*noqa\b/, what: "noqa suppression" },
  {
    tool: "mypy, pyright",
    kind: "type",
    pattern: /#\s*type:\s*ignore\b/,
    what: "type: ignore suppression",
  },
  {
    tool: "coverage.py",
    kind: "coverage",
    pattern: /#\s*pragma:\s*no\s+cover\b/,
    what: "coverage pragma",
  },
  { tool: "rustc, clippy", kind: "lint", pattern: /#!?\[allow\(/, what: "Rust allow attribute" },
  { tool: "golangci-lint", kind: "lint", pattern: /\/\/\s*nolint\b/, what: "nolint suppression" },
  {
    tool: "secretlint",
    kind: "secret",
    pattern: /secretlint[-]disable/,
    what: "secretlint suppression",
  },
];
