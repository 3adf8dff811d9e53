import { describe, expect, it } from "vitest";
import { SUPPRESSIONS, silencesNoMore } from "./suppressions.js";

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

describe("what a suppression silences: a reason is no rule (issue 46)", () => {
  const silenced = (line: string) => {
    const hit = SUPPRESSIONS.find((s) => s.pattern.test(line));
    const match = hit?.pattern.exec(line);
    if (!hit?.reads || !match) throw new Error(`no reader for ${line}`);
    return hit.reads(line.slice(match.index + match[0].length), match[0]);
  };
  const noMore = (now: string, was: string) => silencesNoMore(silenced(now), silenced(was));

  it.each([
    [`/* eslint-${dis} no-bitwise -- We need the speed */`, `/* eslint-${dis} no-bitwise */`],
    [`// eslint-${dis}-line a, b`, `// eslint-${dis}-next-line b,a`],
    [`// eslint-${dis}-next-line a`, `// eslint-${dis}-next-line a, b -- why`],
    [`// eslint-${dis}-next-line a`, `// eslint-${dis}-next-line`],
    [`// oxlint-${dis}-next-line a -- why`, `// oxlint-${dis}-next-line a`],
    [`// biome-${ign} lint/a: new reason`, `// biome-${ign} lint/a lint/b: old`],
    [`// @ts-expect-${"error"} the fixture`, `// @ts-expect-${"error"}`],
    [`/* istanbul ${ign} next -- why */`, `/* istanbul ${ign} next */`],
    [`import os  # no${"qa"}: F401 kept`, `import os  # no${"qa"}: F401,E501`],
    [`x = f()  # type: ${ign}[attr]  # why`, `x = f()  # type: ${ign}`],
    [`#[al${"low"}(dead_code)]`, `#[al${"low"}(dead_code, unused)]`],
    [`x := f() //no${"lint"}:errcheck // why`, `x := f() //no${"lint"}:errcheck,gosec`],
  ])("%s silences no more than %s", (now, was) => {
    expect(noMore(now, was)).toBe(true);
  });

  it.each([
    [`/* eslint-${dis} no-bitwise, no-console */`, `/* eslint-${dis} no-bitwise */`],
    [`/* eslint-${dis} -- all of it */`, `/* eslint-${dis} no-bitwise */`],
    [`/* eslint-${dis} a */`, `// eslint-${dis}-next-line a`],
    [`// biome-${ign}-all lint/a: why`, `// biome-${ign} lint/a: why`],
    [`// @ts-${ign}`, `// @ts-expect-${"error"}`],
    [`/* c8 ${ign} next 9 */`, `/* c8 ${ign} next 3 */`],
    [`import os  # no${"qa"}`, `import os  # no${"qa"}: F401`],
    [`x = f()  # type: ${ign}`, `x = f()  # type: ${ign}[attr]`],
    [`x := f() //no${"lint"}`, `x := f() //no${"lint"}:errcheck`],
  ])("%s silences more than %s", (now, was) => {
    expect(noMore(now, was)).toBe(false);
  });
});
