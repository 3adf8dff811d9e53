// Every runner's ways to skip a test, focus one (which skips the rest) or expect it to fail: the
// one list the floor and the oracle's integrity read (issue 47). The names are written as plain
// strings in lists, so this file matches no marker pattern itself.

export type Runner = "vitest" | "jest" | "jasmine" | "mocha" | "node:test" | "ava" | "playwright";
/** What a form does to the test it is written on. */
export type SkipEffect = "skip" | "skip-if" | "todo" | "focus" | "expect-failure";

export interface SkipForm {
  name: string;
  effect: SkipEffect;
  /** The runners that define it (empty: no runner today, caught as a global of that name would be). */
  runners: readonly Runner[];
  /**
   * Also the name of an assertion (`assert.fail()`, `self.fail()`, `pytest.fail()`): a search of
   * the text cannot tell it from the skip form, only the syntax tree can.
   */
  assertionToo?: boolean;
}

/** Read on a test or suite call: `it.skip(…)`, `describe.only(…)`, `test.skipIf(c)(…)`. */
export const MODIFIERS: readonly SkipForm[] = [
  {
    name: "skip",
    effect: "skip",
    runners: ["vitest", "jest", "mocha", "node:test", "ava", "playwright"],
  },
  {
    name: "only",
    effect: "focus",
    runners: ["vitest", "jest", "mocha", "node:test", "ava", "playwright"],
  },
  { name: "todo", effect: "todo", runners: ["vitest", "jest", "node:test", "ava"] },
  { name: "fixme", effect: "skip", runners: ["playwright"] },
  { name: "skipIf", effect: "skip-if", runners: ["vitest"] },
  { name: "runIf", effect: "skip-if", runners: ["vitest"] },
  { name: "fails", effect: "expect-failure", runners: ["vitest"] },
  { name: "failing", effect: "expect-failure", runners: ["jest", "ava"] },
  { name: "fail", effect: "expect-failure", runners: ["playwright"], assertionToo: true },
];

/** A function of its own: `xit(…)`, `fdescribe(…)`. */
export const SHORTHANDS: readonly SkipForm[] = [
  { name: "xit", effect: "skip", runners: ["jest", "jasmine", "mocha"] },
  { name: "xtest", effect: "skip", runners: ["jest"] },
  { name: "xdescribe", effect: "skip", runners: ["jest", "jasmine", "mocha"] },
  { name: "xcontext", effect: "skip", runners: ["mocha"] },
  { name: "xspecify", effect: "skip", runners: ["mocha"] },
  { name: "fit", effect: "focus", runners: ["jest", "jasmine"] },
  { name: "ftest", effect: "focus", runners: [] },
  { name: "fdescribe", effect: "focus", runners: ["jest", "jasmine"] },
];

/** Called inside a test on its context: `ctx.skip()`, `t.todo()`, `this.skip()`, `test.fixme()`. */
export const CONTEXT_CALLS: readonly SkipForm[] = [
  { name: "skip", effect: "skip", runners: ["vitest", "mocha", "node:test", "playwright"] },
  { name: "todo", effect: "todo", runners: ["node:test"] },
  { name: "fixme", effect: "skip", runners: ["playwright"] },
  { name: "fail", effect: "expect-failure", runners: ["playwright"], assertionToo: true },
];

/** A key of a test call's options: `it("…", { skip: true }, fn)`. */
export const OPTION_KEYS: readonly SkipForm[] = [
  { name: "skip", effect: "skip", runners: ["vitest", "node:test"] },
  { name: "todo", effect: "todo", runners: ["node:test"] },
  { name: "only", effect: "focus", runners: ["vitest", "node:test"] },
  { name: "fails", effect: "expect-failure", runners: ["vitest"] },
];

export const namesOf = (forms: readonly SkipForm[]) => new Set(forms.map((f) => f.name));

/** Every form a runner defines, by where it is written. */
export function formsOf(runner: Runner) {
  const of = (forms: readonly SkipForm[]) =>
    forms.filter((f) => f.runners.includes(runner)).map((f) => f.name);
  return {
    modifiers: of(MODIFIERS),
    shorthands: of(SHORTHANDS),
    contextCalls: of(CONTEXT_CALLS),
    optionKeys: of(OPTION_KEYS),
  };
}

const textual = (forms: readonly SkipForm[]) =>
  [...new Set(forms.filter((f) => !f.assertionToo).map((f) => f.name))].join("|");
const MODIFIER_TEXT = textual([...MODIFIERS, ...CONTEXT_CALLS]);
const SHORTHAND_TEXT = textual(SHORTHANDS);

/**
 * Any way a test file's text can skip, focus or expect a failure on its own (forms that are
 * also assertion names left out): `.skip`, `xit`, `skip(`, `{ todo: … }`, `["only"]`.
 */
const SKIP_TEXT = new RegExp(
  [
    `\\.(?:${MODIFIER_TEXT})\\b`,
    `\\b(?:${SHORTHAND_TEXT})\\b`,
    `\\bskip\\s*\\(`,
    `\\b(?:${textual(OPTION_KEYS)})\\s*:`,
    `\\[\\s*["'\`](?:${MODIFIER_TEXT})["'\`]\\s*\\]`,
  ].join("|"),
);
export const canSkipItself = (text: string) => SKIP_TEXT.test(text);

const focusing = (forms: readonly SkipForm[]) => forms.filter((f) => f.effect === "focus");

/**
 * A text that may focus a test, in any runner's form: `.only`, `["only"]`, `{ only: true }`,
 * `fit(`, `ftest(`, `fdescribe(`. A runner given a file that focuses runs nothing else in it.
 */
const FOCUS_TEXT = new RegExp(
  [
    `\\.(?:${textual(focusing(MODIFIERS))})\\b`,
    `\\[\\s*["'\`](?:${textual(focusing(MODIFIERS))})["'\`]\\s*\\]`,
    `\\b(?:${textual(focusing(OPTION_KEYS))})\\s*:(?!\\s*false\\b)`,
    `(?:^|[^\\w.$])(?:${textual(focusing(SHORTHANDS))})\\s*\\(`,
  ].join("|"),
  "m",
);
export const mayFocus = (text: string) => FOCUS_TEXT.test(text);

/** A line that calls a modifier or a shorthand: `it.skip(`, `xit(` (text only, no syntax tree). */
export const MODIFIER_CALL = new RegExp(`\\.(?:${textual(MODIFIERS)})\\s*\\(`);
export const SHORTHAND_CALL = new RegExp(`(?:^|[^\\w.$])(?:${SHORTHAND_TEXT})\\s*\\(`);

/** Skip markers of the runners outside JS/TS, matched on a line. */
export const LINE_SKIPS: readonly { runner: string; pattern: RegExp; what: string }[] = [
  { runner: "pytest", pattern: /@pytest\.mark\.skip(?:if)?\b/, what: "skipped test" },
  { runner: "cargo test", pattern: /#\[ignore\b/, what: "ignored test" },
  { runner: "go test", pattern: /\bt\.Skip(?:Now|f)?\(/, what: "skipped test" },
];
