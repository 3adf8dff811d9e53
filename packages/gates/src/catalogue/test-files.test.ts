import { describe, expect, it } from "vitest";
import { isCodeFile, isScriptFile, isTestFile, isTypeTestFile } from "./test-files.js";

describe("which files are tests, scripts and code", () => {
  it.each([
    // path, test, script, code
    ["src/price.test.ts", true, true, true],
    ["src/price.spec.mjs", true, true, true],
    ["src/__tests__/price.tsx", true, true, true],
    ["tests/test_price.py", true, false, true],
    ["price_test.py", true, false, true],
    ["pkg/price_test.go", true, false, true],
    ["src/price.ts", false, true, true],
    ["src/price.cjs", false, true, true],
    ["src/lib.rs", false, false, true],
    ["src/App.vue", false, false, true],
    ["src/price.test.json", false, false, false],
    ["README.md", false, false, false],
    ["tests/conftest.py", false, false, true],
  ] as const)("%s: test %s, script %s, code %s", (path, test, script, code) => {
    expect([isTestFile(path), isScriptFile(path), isCodeFile(path)]).toEqual([test, script, code]);
  });
});

describe("type tests: files whose assertions are types (tstyche, tsd, vitest typecheck)", () => {
  it.each([
    ["types/plugin.tst.ts", true],
    ["src/__typetests__/plugin.test.ts", true],
    ["typetests/plugin.test.ts", true],
    ["index.test-d.ts", true],
    ["test-d/index.ts", true],
    ["src/price.spec-d.mts", true],
    ["src/price.test.ts", false],
    ["src/price.d.ts", false],
  ] as const)("%s: %s", (path, type) => {
    expect(isTypeTestFile(path)).toBe(type);
  });
});
