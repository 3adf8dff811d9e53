import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readV8Coverage } from "../tools/v8-coverage.js";
import { functionComplexities } from "./complexity.js";
import { functionCoverage } from "./crap.js";

// Issue 33 §3 / 37 §3: V8 counts a function's declaration line as run when the module loads,
// so a function no test calls looked 11-17 % covered. The real V8 coverage of a real process.

const SOURCE = [
  "export function called(n) {",
  "  if (n > 1) {",
  "    return n * 2;",
  "  }",
  "  return n;",
  "}",
  "",
  "export function neverCalled(n) {",
  "  if (n > 1) {",
  "    return n * 3;",
  "  }",
  "  const m = n + 1;",
  "  return m;",
  "}",
  "",
  "console.log(called(2), called(1));",
  "",
].join("\n");

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("coverage of a function from V8's line coverage", () => {
  it("a function no one calls is 0 % covered; a called one is fully covered", async () => {
    root = mkdtempSync(join(tmpdir(), "coverage-math-"));
    mkdirSync(join(root, "raw"));
    writeFileSync(join(root, "lib.mjs"), SOURCE);
    execFileSync(process.execPath, ["lib.mjs"], {
      cwd: root,
      env: { ...process.env, NODE_V8_COVERAGE: join(root, "raw") },
    });
    const coverage = await readV8Coverage(join(root, "raw"), root);
    const entry = coverage.get("lib.mjs");
    expect(entry).toBeDefined();
    const fns = await functionComplexities("lib.mjs", SOURCE);
    const by = (name: string) => fns.find((fn) => fn.name === name);
    const never = by("neverCalled");
    const called = by("called");
    expect(never && functionCoverage(never, entry)).toBe(0);
    expect(called && functionCoverage(called, entry)).toBe(1);
  });
});
