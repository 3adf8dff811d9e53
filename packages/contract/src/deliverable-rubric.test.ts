import { describe, expect, it } from "vitest";
import type { DeliverableKind } from "./deliverable.js";
import { checkCitation, extractCitations, type ReadLines } from "./deliverable-citations.js";
import { findings } from "./deliverable-document.js";
import {
  actionableItem,
  assumptionsItem,
  citationsItem,
  existsItem,
  isVague,
  reviewDeliverable,
  structureItem,
} from "./deliverable-rubric.js";

const CODE: Record<string, string[]> = {
  "src/cart.ts": [
    "import x from 'y';",
    "export function cartCount(items) {",
    "  return items.length - 1;",
    "}",
  ],
};
const read: ReadLines = (file) => CODE[file] ?? `${file} does not exist`;

const finding = (
  n: number,
  fields: Partial<Record<"severity" | "problem" | "recommendation" | "effort", string>> = {},
) =>
  [
    `## Finding ${n}`,
    `Severity: ${fields.severity ?? "high"}`,
    `Problem: ${fields.problem ?? `problem ${n}`}`,
    `Recommendation: ${fields.recommendation ?? `fix ${n}`}`,
    `Effort: ${fields.effort ?? "M"}`,
    "",
  ].join("\n");
const discovery = (count: number, extra = "") =>
  `# Discovery\n\n${Array.from({ length: count }, (_, i) => finding(i + 1)).join("\n")}${extra}`;
const filler = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n");

describe("rubric 1: exists, at least 10 lines", () => {
  it.each<[string, string | null, string, string | null]>([
    ["missing", null, "fail", "missing"],
    ["nine lines", filler.split("\n").slice(0, 9).join("\n"), "fail", "too-short"],
    ["blank lines do not count", "a\n\n\n\n\n\n\n\n\n\n\nb", "fail", "too-short"],
    ["ten lines", filler, "pass", null],
  ])("%s", (_label, text, status, rule) => {
    const item = existsItem(text, "d.md");
    expect(item.result.status).toBe(status);
    expect(item.problems[0]?.rule ?? null).toBe(rule);
  });
});

describe("rubric 2: structure by kind", () => {
  it.each<[string, DeliverableKind, string, string, string | null]>([
    ["ten complete findings", "discovery", discovery(10), "pass", null],
    ["nine findings", "discovery", discovery(9), "fail", "too-few-findings"],
    [
      "a finding without a recommendation",
      "discovery",
      discovery(9) + "## Finding 10\nSeverity: low\nProblem: p\nEffort: S\n",
      "fail",
      "no-structure",
    ],
    [
      "bold fields and a table row",
      "discovery",
      discovery(9) +
        "## Finding 10\n**Severity:** low\n| Problem | p |\n- **Recommendation** — do x\nEffort: S\n",
      "pass",
      null,
    ],
    [
      "a decisions section",
      "design",
      "# Design\n## Context\nx\n## Decisions\n- use a queue\n",
      "pass",
      null,
    ],
    [
      "decisions in subsections",
      "design",
      "# Design\n## Design decisions\n### D1: queue\nuse a queue\n",
      "pass",
      null,
    ],
    ["no decisions", "design", "# Design\n## Context\nx\n## Options\ny\n", "fail", "no-decisions"],
    [
      "an empty decisions section",
      "design",
      "# Design\n## Decisions\n\n## Next\nx\n",
      "fail",
      "no-decisions",
    ],
    ["headings and an example", "doc", "# Guide\n## Install\n```sh\nnpm i\n```\n", "pass", null],
    ["headings and a TOC", "doc", "# Guide\n- [Install](#install)\n## Install\nx\n", "pass", null],
    ["headings only", "doc", "# Guide\n## Install\nx\n", "fail", "no-structure"],
    ["no headings", "doc", "just prose\n```\nx\n```\n", "fail", "no-headings"],
  ])("%s (%s)", (_label, kind, text, status, rule) => {
    const item = structureItem(text, kind);
    expect(item.result.status, item.result.detail).toBe(status);
    expect(item.problems[0]?.rule ?? null).toBe(rule);
  });
});

describe("rubric 3: actionable, S/M/L/XL, no time estimates", () => {
  it.each<[string, string, string, string[]]>([
    ["sized findings", discovery(2), "pass", []],
    [
      "effort XL and L",
      finding(1, { effort: "XL" }) + finding(2, { effort: "**L** (two modules)" }),
      "pass",
      [],
    ],
    [
      "an effort in days",
      finding(1, { effort: "3 days" }),
      "fail",
      ["unactionable", "time-estimate"],
    ],
    [
      "an estimate in prose",
      `${discovery(1)}\nThis will take 2 weeks.\n`,
      "fail",
      ["time-estimate"],
    ],
    [
      "a number of days that is no estimate",
      `${discovery(1)}\nLogs are kept 30 days.\n`,
      "pass",
      [],
    ],
    ["a placeholder fix", finding(1, { recommendation: "TBD" }), "fail", ["unactionable"]],
    ["no effort", finding(1).replace("Effort: M\n", ""), "fail", ["unactionable"]],
    ["no findings", "# Doc\ntext\n", "n/a", []],
  ])("%s", (_label, text, status, rules) => {
    const item = actionableItem(text);
    expect(item.result.status, item.result.detail).toBe(status);
    expect(item.problems.map((p) => p.rule)).toEqual(rules);
  });
});

describe("rubric 4: every citation checked against the code", () => {
  it.each<[string, string, boolean, string | null]>([
    ["the line holds the symbol", "`src/cart.ts:2` `cartCount` counts items", true, null],
    ["a quoted text", 'src/cart.ts:3 returns "items.length - 1"', true, null],
    ["a range holding it", "`src/cart.ts:1-3` `items.length`", true, null],
    [
      "the symbol is elsewhere (fabricated)",
      "`src/cart.ts:1` `cartCount` is exported",
      false,
      'line 1 of src/cart.ts does not contain "cartCount"',
    ],
    ["past the end", "`src/cart.ts:40` `cartCount`", false, "src/cart.ts has 4 lines, not 40"],
    ["no such file", "`src/nope.ts:1` `x`", false, "src/nope.ts does not exist"],
    [
      "names nothing to check",
      "see src/cart.ts:2 for details",
      false,
      'names no `symbol` or "quoted text" to check the line against',
    ],
  ])("%s", (_label, line, ok, reason) => {
    const [citation] = extractCitations(line);
    expect(citation).toBeDefined();
    if (!citation) return;
    expect(checkCitation(citation, read)).toMatchObject({ ok, reason });
  });

  it("skips fenced code and plain words; a bare name needs a known extension", () => {
    expect(
      extractCitations("```\nsrc/a.ts:1\n```\nversion 1:2\nnotes.txt:3 x\nmain.go:4 `f`"),
    ).toMatchObject([{ file: "main.go", from: 4, needle: "f" }]);
  });

  it("checks every citation: the fabricated 12th of 12 fails, in document order", () => {
    const code = Array.from({ length: 12 }, (_, i) => `export const x${i + 1} = ${i + 1};`);
    const readBig: ReadLines = (file) => (file === "src/big.ts" ? code : `${file} does not exist`);
    const cite = (n: number, symbol: string) => `- src/big.ts:${n} \`${symbol}\``;
    const lines = Array.from({ length: 11 }, (_, i) => cite(i + 1, `x${i + 1}`));
    const text = [...lines, cite(12, "refundAll")].join("\n");
    const { item, checks, total } = citationsItem(text, readBig);
    expect(total).toBe(12);
    expect(checks.map((c) => c.at)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(item.result.status).toBe("fail");
    expect(item.problems).toEqual([
      {
        rule: "fabricated-citation",
        line: 12,
        message: 'citation src/big.ts:12: line 12 of src/big.ts does not contain "refundAll"',
      },
    ]);
    const honest = citationsItem(lines.join("\n"), readBig);
    expect(honest.item.result).toEqual({
      item: "citations",
      status: "pass",
      detail: "11 of 11 citations checked against the code",
    });
  });
});

describe("rubric 5: assumptions when the ticket is vague", () => {
  it.each<[string, string, string, string]>([
    ["an empty description", "", "# D\n## Assumptions\n- only the API\n", "pass"],
    ["a vague one without assumptions", "look into perf", "# D\n## Findings\nx\n", "fail"],
    ["an empty Assumptions section", "", "# D\n## Assumptions\n\n## Next\n", "fail"],
    [
      "a clear description",
      "Review the checkout service for error handling gaps: every HTTP handler, the retry policy and the payment client's timeouts.",
      "# D\n",
      "n/a",
    ],
  ])("%s", (_label, description, text, status) => {
    expect(assumptionsItem(text, description).result.status).toBe(status);
  });

  it("does not count the Deliverable: line as scope", () => {
    expect(isVague("Deliverable: docs/x.md")).toBe(true);
  });
});

describe("reviewDeliverable", () => {
  it("scores every item and turns each failure into a deliverable finding", () => {
    const text = discovery(
      10,
      "\n## Evidence\n- `src/cart.ts:1` `cartCount` is the culprit\n- `src/cart.ts:3` `items.length - 1`\n\n## Assumptions\n- the web app only\n",
    );
    const { review, findings: found } = reviewDeliverable({
      file: "deliverable.md",
      kind: "discovery",
      text,
      description: "",
      read,
    });
    expect(review.items.map((i) => [i.item, i.status])).toEqual([
      ["exists", "pass"],
      ["structure", "pass"],
      ["actionable", "pass"],
      ["citations", "fail"],
      ["assumptions", "pass"],
    ]);
    expect(review).toMatchObject({ pass: false, citations_total: 2 });
    expect(found).toEqual([
      {
        file: "deliverable.md",
        line: text.split("\n").findIndex((l) => l.includes("culprit")) + 1,
        rule: "fabricated-citation",
        message: 'citation src/cart.ts:1: line 1 of src/cart.ts does not contain "cartCount"',
      },
    ]);
  });

  it("a missing file fails exists and leaves the rest n/a", () => {
    const { review, findings: found } = reviewDeliverable({
      file: "d.md",
      kind: "doc",
      text: null,
      description: "",
      read,
    });
    expect(review.items.map((i) => i.status)).toEqual(["fail", "n/a", "n/a", "n/a", "n/a"]);
    expect(found.map((f) => f.rule)).toEqual(["missing"]);
  });

  it("reads findings with their fields", () => {
    expect(findings(finding(1))[0]).toMatchObject({
      severity: "high",
      problem: "problem 1",
      recommendation: "fix 1",
      effort: "M",
    });
  });
});
