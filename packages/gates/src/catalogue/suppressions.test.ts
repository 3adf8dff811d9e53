import { describe, expect, it } from "vitest";
import { SUPPRESSIONS } from "./suppressions.js";

// The markers are assembled from pieces so that this file itself carries none of them.
const dis = "dis" + "able";
const ign = "ign" + "ore";
const SAMPLES: Array<[tool: string, kind: string, line: string]> = [
  ["eslint", "lint", `// eslint-${dis}-next-line no-console`],
  ["eslint", "lint", `/* eslint-${dis} */`],
  ["eslint", "lint", `/* eslint no-debugger: "of${"f"}" */`],
  ["eslint", "lint", `/* eslint no-console: [${1}, "always"] */`],
  ["oxlint", "lint", `// oxlint-${dis}-next-line no-debugger`],
  ["oxlint", "lint", `debugger; // oxlint-${dis}-line`],
  ["oxlint", "lint", `/* oxlint no-debugger: "wa${"rn"}" */`],
  ["biome", "lint", `// biome-${ign} lint/style: reason`],
  ["biome", "lint", `// biome-${ign}-all lint: reason`],
  ["biome", "lint", `// biome-${ign}-start lint: reason`],
  ["prettier", "format", `// prettier-${ign}`],
  ["tsc", "type", `// @ts-${ign}`],
  ["tsc", "type", `// @ts-expect-${"error"}`],
  ["tsc", "type", `// @ts-no${"check"}`],
  ["istanbul", "coverage", `/* istanbul ${ign} next */`],
  ["c8", "coverage", `/* c8 ${ign} next */`],
  ["v8", "coverage", `/* v8 ${ign} start */`],
  ["ruff", "lint", `import os  # no${"qa"}: F401`],
  ["mypy", "type", `x = f()  # type: ${ign}`],
  ["coverage.py", "coverage", `if debug:  # pragma: no ${"cover"}`],
  ["clippy", "lint", `#[al${"low"}(dead_code)]`],
  ["golangci-lint", "lint", `x := f() //no${"lint"}`],
  ["secretlint", "secret", `// secretlint-${dis}-line`],
];

const firstMatch = (line: string) => SUPPRESSIONS.find((s) => s.pattern.test(line));

describe("every tool's suppression is in the catalogue", () => {
  it.each(SAMPLES)("%s (%s): %s", (tool, kind, line) => {
    const hit = firstMatch(line);
    expect(hit?.tool.split(", ")).toContain(tool);
    expect(hit?.kind).toBe(kind);
  });

  it.each([
    `/* eslint no-console: "error" */`,
    `// eslint is configured in eslint.config.js`,
    `// prettier formats this file`,
    `const ignored = isIgnored(path); // the c8 report`,
    `// ts-node runs the script`,
  ])("not a suppression: %s", (line) => {
    expect(firstMatch(line)).toBeUndefined();
  });
});
