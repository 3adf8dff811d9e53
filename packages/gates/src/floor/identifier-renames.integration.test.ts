// Issue 46 (the corpus's "rename" honest change, red on ufo and fastify-plugin): a function renamed
// in its module and at every call site of the tests is no weakened test; an assertion whose only
// difference is that rename pairs with its old self, and still has to be as strict as it was.
import { describe, expect, it } from "vitest";
import { debug, makeRepo, runInProcess } from "../../test/fixture.js";

const MATH = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const TEST = [
  'import { describe, expect, it } from "vitest";',
  'import { add } from "./math.js";',
  "",
  'describe("add", () => {',
  '  it("adds", () => {',
  "    expect(add(1, 2)).toBe(3);",
  "  });",
  '  it("adds negatives", () => {',
  "    expect(add(-1, -2)).toBe(-3);",
  "  });",
  "});",
  "",
].join("\n");
const CJS_TEST = [
  "'use strict'",
  "const { test } = require('node:test')",
  "const add = require('../lib/add')",
  "",
  "test('adds', (t) => {",
  "  t.assert.strictEqual(add(1, 2), 3)",
  "})",
  "",
].join("\n");
const CJS_LIB = "'use strict'\nmodule.exports = function add (a, b) {\n  return a + b\n}\n";

const rename = (text: string) => text.replace(/\badd\b/g, "sum");

/** The fixture at its base, then `edit` (path → new text, or null: deleted); the floor's findings. */
async function floorAfter(edit: Record<string, string | null>) {
  const repo = makeRepo({
    "src/math.ts": MATH,
    "src/math.test.ts": TEST,
    "src/other.test.ts": TEST.replace('"adds"', '"adds again"'),
    "lib/add.js": CJS_LIB,
    "test/add.test.js": CJS_TEST,
  });
  for (const [path, text] of Object.entries(edit))
    if (text === null) repo.remove(path);
    else repo.write(path, text);
  const result = await runInProcess(repo.dir, { only: ["floor"] });
  const findings = (result.report?.findings ?? []).map(
    (f) => `${f.file}:${f.line} ${f.rule} ${f.message}`,
  );
  return { result, findings };
}

describe("a function renamed across the change", () => {
  it("in its module (ESM; CommonJS, its file renamed too) and in every test that calls it: green", async () => {
    const { result, findings } = await floorAfter({
      "src/math.ts": rename(MATH),
      "src/math.test.ts": rename(TEST),
      "src/other.test.ts": rename(TEST.replace('"adds"', '"adds again"')),
      "lib/add.js": null,
      "lib/sum.js": rename(CJS_LIB),
      "test/add.test.js": rename(CJS_TEST),
    });
    expect(result.code, `${findings.join("\n")}\n${debug(result)}`).toBe(0);
  });

  it("renamed, and a matcher or an expected value changed with it: still weakened", async () => {
    const { result, findings } = await floorAfter({
      "src/math.ts": rename(MATH),
      "src/math.test.ts": rename(TEST).replace("toBe(3)", "toBeDefined()").replace("-3)", "-4)"),
      "src/other.test.ts": rename(TEST.replace('"adds"', '"adds again"')).replace(
        "toBe(-3)",
        "toBe(sum(-1, -2))",
      ),
      "lib/add.js": null,
      "lib/sum.js": rename(CJS_LIB),
      "test/add.test.js": rename(CJS_TEST).replace("strictEqual", "equal"),
    });
    expect(result.code, debug(result)).toBe(1);
    expect(findings).toEqual([
      expect.stringMatching(/^src\/math\.test\.ts:6 weakened-test .*toBe\(3\) → .*toBeDefined/),
      expect.stringMatching(/^src\/math\.test\.ts:9 weakened-test .*toBe\(-3\) → .*toBe\(-4\)/),
      expect.stringMatching(/^src\/other\.test\.ts:9 weakened-test .*tautology/),
      expect.stringMatching(
        /^test\/add\.test\.js:6 weakened-test .*strictEqual.* → .*assert\.equal/,
      ),
    ]);
  });

  it("renamed in the tests only, the call now going to a stub the test declares: weakened", async () => {
    const stubbed = rename(TEST).replace(
      'import { sum } from "./math.js";',
      "const sum = (a: number, b: number) => a + b;",
    );
    const { findings } = await floorAfter({
      "src/math.ts": rename(MATH),
      "src/math.test.ts": stubbed,
    });
    expect(findings).toEqual([
      expect.stringMatching(/^src\/math\.test\.ts:6 weakened-test .*assertion removed/),
      expect.stringMatching(/^src\/math\.test\.ts:9 weakened-test .*assertion removed/),
    ]);
  });

  it("a new function next to the old one (nothing renamed) or one from another module: weakened", async () => {
    const added = `${MATH}export const sum = (a: number, b: number) => a + b;\n`;
    const { findings } = await floorAfter({
      "src/math.ts": added,
      "src/math.test.ts": rename(TEST),
    });
    expect(findings).toHaveLength(2);
    const elsewhere = rename(TEST).replace("./math.js", "./fake.js");
    const moved = await floorAfter({
      "src/math.ts": rename(MATH),
      "src/fake.ts": rename(MATH),
      "src/math.test.ts": elsewhere,
    });
    expect(moved.findings).toHaveLength(2);
  });
});
