import { describe, expect, it } from "vitest";
import { SKIP_SAMPLES } from "../../test/skip-form-samples.js";
import {
  canSkipItself,
  CONTEXT_CALLS,
  formsOf,
  MODIFIER_CALL,
  mayFocus,
  MODIFIERS,
  SHORTHAND_CALL,
  type Runner,
} from "./skip-forms.js";

const runners = Object.keys(SKIP_SAMPLES) as Runner[];
const assertionToo = new Set(
  [...MODIFIERS, ...CONTEXT_CALLS].filter((f) => f.assertionToo).map((f) => f.name),
);
const nameOf = (form: string) => form.split(" ")[1]!;

describe.each(runners)("%s: the catalogue knows each of its forms", (runner) => {
  const samples = SKIP_SAMPLES[runner];

  it("the runner's forms are exactly those of the table", () => {
    const forms = formsOf(runner);
    const listed = [
      ...forms.modifiers.map((n) => `modifier ${n}`),
      ...forms.shorthands.map((n) => `shorthand ${n}`),
      ...forms.contextCalls.map((n) => `context ${n}`),
      ...forms.optionKeys.map((n) => `option ${n}`),
    ];
    expect(new Set(listed)).toEqual(new Set(samples.map((s) => s.form)));
  });

  it.each(samples.map((s) => [s.form, s.code]))(
    "%s: a file with it can skip itself (the oracle's integrity)",
    (form, code) => {
      // `fail` is also an assertion (assert.fail()): a text search leaves it to the syntax tree.
      expect(canSkipItself(code)).toBe(!assertionToo.has(nameOf(form)));
    },
  );

  it.each(
    samples
      .filter((s) => /^(?:modifier|shorthand) /.test(s.form) && !assertionToo.has(nameOf(s.form)))
      .map((s) => [s.form, s.code]),
  )("%s: the line patterns see the call", (_form, code) => {
    expect(MODIFIER_CALL.test(code) || SHORTHAND_CALL.test(code)).toBe(true);
  });
});

describe("forms no runner's table shows, that a file can skip itself with", () => {
  it.each([
    `it["fixme"]("adds", () => {});`,
    `test["runIf"](isLinux)("adds", () => {});`,
    `it['fails']("adds", () => {});`,
    `ftest("adds", () => {});`,
    `const { skip } = it; skip("adds", () => {});`,
  ])("%s", (code) => {
    expect(canSkipItself(code)).toBe(true);
  });
});

describe("lines that skip nothing", () => {
  it.each([
    `assert.fail("unreachable");`,
    `self.fail("unreachable")`,
    `it("skips empty rows", () => { expect(rows(x)).toEqual([]); });`,
    `describe.each([1, 2])("price %i", (n) => {});`,
    `it.concurrent("adds", async () => {});`,
    `const options = { timeout: 5_000, retry: 2 };`,
    `const fitted = fitLine(points);`,
  ])("%s", (code) => {
    expect(canSkipItself(code)).toBe(false);
    expect(MODIFIER_CALL.test(code) || SHORTHAND_CALL.test(code)).toBe(false);
  });
});

describe("a text that focuses a test, in every focus form of the catalogue", () => {
  it.each([
    ['it.only("a", f)', true],
    ['describe.only("s", f)', true],
    ['test["only"]("a", f)', true],
    ['test("a", { only: true }, f)', true],
    ['fit("a", f)', true],
    ['ftest("a", f)', true],
    ['fdescribe("s", f)', true],
    ['test("a", { only: false }, f)', false],
    ['test("the only one", f)', false],
    ["const profit = (a) => a;", false],
    ["obj.fit(1)", false],
  ] as const)("%s → %s", (text, focuses) => {
    expect(mayFocus(text)).toBe(focuses);
  });
});
