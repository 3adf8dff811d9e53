import { describe, expect, it } from "vitest";
import { SKIP_SAMPLES } from "../../test/skip-form-samples.js";
import type { Runner } from "../catalogue/skip-forms.js";
import { judgedFile } from "../../test/judged-file.js";
import { markerFindings } from "./markers.js";
import { skipFormFindings } from "./skip-forms.js";

// Each runner's skip forms, judged by the floor as a change adds them (the end-to-end cases:
// src/floor/markers.integration.test.ts and src/loop/hook-cheats-*.integration.test.ts).
const judged = judgedFile;
const BEFORE = ['import { thing } from "./thing.js";', ""].join("\n");
const withLine = (code: string) => `${BEFORE}${code}\n`;

describe.each(Object.keys(SKIP_SAMPLES) as Runner[])(
  "%s: a new skip form is a finding",
  (runner) => {
    it.each(SKIP_SAMPLES[runner].map((s) => [s.form, s.code]))("%s: %s", async (_form, code) => {
      const found = await skipFormFindings(judged("src/price.test.ts", BEFORE, withLine(code)));
      expect(found.map((f) => [f.rule, f.line])).toEqual([["skipped-test", 2]]);
    });

    it.each(SKIP_SAMPLES[runner].map((s) => [s.form, s.code]))(
      "%s already there: no finding",
      async (_form, code) => {
        const found = await skipFormFindings(
          judged("src/price.test.ts", withLine(code), `// moved\n${withLine(code)}`),
        );
        expect(found).toEqual([]);
      },
    );
  },
);

// Test files the syntax tree does not read (pytest's, go test's) are searched line by line, with
// every modifier and shorthand of the catalogue: before it, these six slipped through there.
describe("the line search of other test files has the whole catalogue", () => {
  it.each([
    ["tests/test_price.py", "price.fails(check)"],
    ["tests/test_price.py", "price.failing(check)"],
    ["tests/test_price.py", "price.runIf(check)"],
    ["pkg/price_test.go", "xcontext(check)"],
    ["pkg/price_test.go", "xspecify(check)"],
    ["pkg/price_test.go", "ftest(check)"],
  ])("%s: %s", (path, code) => {
    const found = markerFindings(judged(path, "x = 1\n", `x = 1\n${code}\n`));
    expect(found.map((f) => [f.rule, f.line])).toEqual([["skipped-test", 2]]);
  });

  it.each([
    ["tests/test_price.py", "self.fail('unreachable')"],
    ["tests/test_price.py", "pytest.fail('unreachable')"],
  ])("%s: %s is an assertion, not a skip", (path, code) => {
    expect(markerFindings(judged(path, "x = 1\n", `x = 1\n${code}\n`))).toEqual([]);
  });
});
