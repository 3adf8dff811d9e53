import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug } from "../test/fixture.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../test/tool-fixture.js";

// Issue 46: a change that broke a test was blocked with 6 KB of other findings, and the
// failing test was only in gates.json. The summary (the Stop hook's reason) names it first.

const SUM = "export function sum(a: number, b: number): number {\n  return a + b;\n}\n";
const TEST =
  'import { expect, it } from "vitest";\nimport { sum } from "../src/sum.js";\n\nit("sums", () => {\n  expect(sum(1, 2)).toBe(3);\n});\n';

describe("the summary of a change that breaks a test", () => {
  it("names the failing test (file:line, name, assertion) before a type error", async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({
        scripts: { test: "vitest run" },
        devDependencies: { vitest: "*" },
      }),
      "tsconfig.json": TSCONFIG,
      "src/sum.ts": SUM,
      "test/sum.test.ts": TEST,
    });
    repo.write("src/sum.ts", `${SUM.replace("a + b", "a - b")}export const two: number = "2";\n`);
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck,tests"]);
    expect(result.code, debug(result)).toBe(1);
    const summary = readFileSync(join(repo.dir, ".verify", "summary.txt"), "utf8");
    const findings = summary.split("\n").filter((line) => line.startsWith("- "));
    expect(findings[0]).toBe(
      "- test/sum.test.ts:4 [tests/test-failed] sums: AssertionError: expected -1 to be 3 // Object.is equality",
    );
    expect(findings[1]).toMatch(/^- src\/sum\.ts:4 \[typecheck\//);
  });
});
