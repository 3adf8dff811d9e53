import { describe, expect, it } from "vitest";
import {
  acceptanceFlowRefs,
  evaluateAcceptance,
  parseAcceptance,
  type AcceptanceEvidence,
  type AcceptanceItem,
} from "./acceptance.js";

function item(text: string, fields: Partial<Omit<AcceptanceItem, "text">> = {}): AcceptanceItem {
  return { text, checked: false, na: false, refs: [], ...fields };
}

describe("parseAcceptance", () => {
  it.each<[string, string, AcceptanceItem[]]>([
    ["a dash bullet", "- cart shows the count", [item("cart shows the count")]],
    ["a star bullet", "* cart shows the count", [item("cart shows the count")]],
    ["a plus bullet", "+ cart shows the count", [item("cart shows the count")]],
    ["an ordered bullet with a dot", "1. first\n2. second", [item("first"), item("second")]],
    ["an ordered bullet with a paren", "1) first", [item("first")]],
    ["an indented (nested) bullet", "- outer\n  - inner", [item("outer"), item("inner")]],
    ["an empty task box", "- [ ] not yet", [item("not yet")]],
    ["a checked task box", "- [x] done", [item("done", { checked: true })]],
    ["a capital X box", "* [X] done", [item("done", { checked: true })]],
    ["an ordered task", "3. [x] done", [item("done", { checked: true })]],
    ["trailing spaces", "-   padded   ", [item("padded")]],
    [
      "indented continuation lines",
      "- [ ] checkout works\n  on mobile\n   and tablet\n- next",
      [item("checkout works on mobile and tablet"), item("next")],
    ],
    ["prose that is not a bullet", "The cart must work.\nReally.", []],
    [
      "prose between bullets, which is not a continuation",
      "- one\nSome prose.\n  indented after prose\n- two",
      [item("one"), item("two")],
    ],
    ["a blank line, which ends an item", "- one\n\n  later", [item("one")]],
    ["a heading, which is not an item", "## Criteria\n- one", [item("one")]],
    ["a thematic break", "- one\n- - -\n***\n- two", [item("one"), item("two")]],
    ["an empty box", "- [ ]\n- real", [item("real")]],
    ["bold prose that starts with a star", "**Note**: none\n- real", [item("real")]],
    ["CRLF line ends", "- [x] one\r\n- two\r\n", [item("one", { checked: true }), item("two")]],
  ])("reads %s", (_label, text, expected) => {
    expect(parseAcceptance(text)).toEqual(expected);
  });

  it.each<[string, string, boolean]>([
    ["n/a at the start", "- [ ] n/a: mobile layout", true],
    ["(n/a) at the end", "- [ ] mobile layout (n/a)", true],
    ["N/A with a dash", "- N/A — no UI", true],
    ["N/A alone", "- N/A", true],
    ["n/a inside a word", "- the han/ames field", false],
    ["n/a as part of a path", "- update docs/n/a/readme", false],
    ["n/a only inside backticks", "- `n/a-flow` passes", false],
    ["no marker", "- mobile layout", false],
  ])("marks %s as not applicable: %s", (_label, text, na) => {
    expect(parseAcceptance(text)[0]?.na).toBe(na);
  });

  it.each<[string, string, string[]]>([
    ["one flow", "- `checkout` passes", ["checkout"]],
    [
      "several refs",
      "- `cart-count` and `src/cart.test.ts` pass",
      ["cart-count", "src/cart.test.ts"],
    ],
    ["trimmed refs", "- ` login ` passes", ["login"]],
    ["empty backticks", "- `` and `  ` count for nothing", []],
    ["refs on a continuation line", "- works\n  see `search`", ["search"]],
  ])("collects %s", (_label, text, refs) => {
    expect(parseAcceptance(text)[0]?.refs).toEqual(refs);
  });

  it.each<[string, string, string[]]>([
    ["a Verify: label", "- [ ] one\nVerify:\n- checkout\n- login\n", ["one"]],
    ["a ## Verify heading", "## Verify\n\n- checkout\n\n- [x] after", ["after"]],
    ["a bold Verify: label", "**Verify:**\n- checkout\n\nCriteria:\n- two", ["two"]],
    ["a section ended by prose", "Verify:\n- checkout\nProse.\n- two", ["two"]],
    ["a section ended by a heading", "Verify:\n- checkout\n## More\n- two", ["two"]],
    ["a section right after an item", "- one\nVerify:\n- checkout", ["one"]],
    ["an empty section", "Verify:\n\nSome prose\n- two", ["two"]],
    ["a section followed by another", "Verify:\n- a\nVerify:\n- b\n\n- two", ["two"]],
  ])("skips the flows of %s", (_label, text, texts) => {
    expect(parseAcceptance(text).map((parsed) => parsed.text)).toEqual(texts);
  });

  it.each<[string, string, string[]]>([
    ["bullets in a ``` fence", "- one\n```\n- not an item\n```\n- two", ["one", "two"]],
    ["bullets in a ~~~ fence", "~~~md\n- not an item\n~~~\n- two", ["two"]],
    ["a Verify: inside a fence", "```\nVerify:\n```\n- two", ["two"]],
    ["a fence that never closes", "- one\n```\n- hidden", ["one"]],
  ])("skips %s", (_label, text, texts) => {
    expect(parseAcceptance(text).map((parsed) => parsed.text)).toEqual(texts);
  });
});

const noEvidence: AcceptanceEvidence = { flowsRun: new Set(), passedFlows: new Set(), tests: null };

function evidence(fields: Partial<AcceptanceEvidence>): AcceptanceEvidence {
  return { ...noEvidence, ...fields };
}

const tests: AcceptanceEvidence["tests"] = [
  { file: "src/cart.test.ts", name: "cart > adds an item", status: "passed" },
  { file: "src/cart.test.ts", name: "cart > removes an item", status: "passed" },
  { file: "src/search.test.ts", name: "search finds items", status: "failed" },
  { file: "src/login.test.ts", name: "login works", status: "skipped" },
  { file: null, name: "orphan check", status: "passed" },
];

type Outcome = { state: "done" | "skipped" } | { state: "failed"; reason: string };

describe("evaluateAcceptance", () => {
  it.each<[string, AcceptanceItem, AcceptanceEvidence, Outcome]>([
    ["n/a is skipped", item("x", { na: true, refs: ["gone"] }), noEvidence, { state: "skipped" }],
    ["a checked item is done", item("x", { checked: true }), noEvidence, { state: "done" }],
    ["an unchecked item fails", item("x"), noEvidence, { state: "failed", reason: "unchecked" }],
    [
      "a passed flow meets its ref, box unchecked",
      item("x", { refs: ["checkout"] }),
      evidence({ flowsRun: new Set(["checkout"]), passedFlows: new Set(["checkout"]) }),
      { state: "done" },
    ],
    [
      "a failed flow fails its item, box checked",
      item("x", { checked: true, refs: ["checkout"] }),
      evidence({ flowsRun: new Set(["checkout"]), tests }),
      { state: "failed", reason: "flow `checkout` failed" },
    ],
    [
      "a ref with no flow and no tests has no evidence",
      item("x", { checked: true, refs: ["checkout"] }),
      noEvidence,
      { state: "failed", reason: "no evidence for `checkout`" },
    ],
    [
      "a ref matching no test has no evidence",
      item("x", { refs: ["payments"] }),
      evidence({ tests }),
      { state: "failed", reason: "no evidence for `payments`" },
    ],
    [
      "a test whose full name equals the ref",
      item("x", { refs: ["cart > adds an item"] }),
      evidence({ tests }),
      { state: "done" },
    ],
    [
      "a test whose name ends with the ref after a space",
      item("x", { refs: ["adds an item"] }),
      evidence({ tests }),
      { state: "done" },
    ],
    [
      "a test whose name ends with the ref after >",
      item("x", { refs: ["removes an item"] }),
      evidence({ tests: [{ file: null, name: "cart>removes an item", status: "passed" }] }),
      { state: "done" },
    ],
    [
      "a name that only ends with the ref mid-word does not match",
      item("x", { refs: ["item"] }),
      evidence({ tests: [{ file: null, name: "cart>subitem", status: "passed" }] }),
      { state: "failed", reason: "no evidence for `item`" },
    ],
    [
      "a test file equal to the ref, all passed",
      item("x", { refs: ["src/cart.test.ts"] }),
      evidence({ tests }),
      { state: "done" },
    ],
    [
      "a test file ending with /ref",
      item("x", { refs: ["cart.test.ts"] }),
      evidence({ tests }),
      { state: "done" },
    ],
    [
      "a file ending with the ref but not after / does not match",
      item("x", { refs: ["art.test.ts"] }),
      evidence({ tests }),
      { state: "failed", reason: "no evidence for `art.test.ts`" },
    ],
    [
      "a failed test fails the ref",
      item("x", { checked: true, refs: ["search.test.ts"] }),
      evidence({ tests }),
      { state: "failed", reason: "test `search.test.ts` failed" },
    ],
    [
      "a skipped test does not meet the ref",
      item("x", { refs: ["login works"] }),
      evidence({ tests }),
      { state: "failed", reason: "test `login works` was skipped" },
    ],
    [
      "a flow that ran wins over a test of the same name",
      item("x", { refs: ["orphan check"] }),
      evidence({ flowsRun: new Set(["orphan check"]), tests }),
      { state: "failed", reason: "flow `orphan check` failed" },
    ],
    [
      "every ref must be met, each unmet one gives a reason",
      item("x", { refs: ["checkout", "cart.test.ts", "search finds items", "nope"] }),
      evidence({ flowsRun: new Set(["checkout"]), tests }),
      {
        state: "failed",
        reason: "flow `checkout` failed; test `search finds items` failed; no evidence for `nope`",
      },
    ],
  ])("%s", (_label, criterion, given, outcome) => {
    const verdict = evaluateAcceptance([criterion], given);
    const expected = {
      done: outcome.state === "done" ? ["x"] : [],
      skipped: outcome.state === "skipped" ? ["x"] : [],
      failed: outcome.state === "failed" ? ["x"] : [],
      reasons: outcome.state === "failed" ? { x: outcome.reason } : {},
    };
    expect(verdict).toEqual(expected);
  });

  it("keeps the items' order in each list, end to end from text", () => {
    const items = parseAcceptance(
      [
        "- [ ] a: `checkout` passes",
        "- [x] b: copy reviewed",
        "- [ ] c: n/a on mobile",
        "- [ ] d: docs updated",
        "- [x] e: `search` passes",
        "Verify:",
        "- checkout",
      ].join("\n"),
    );
    const verdict = evaluateAcceptance(
      items,
      evidence({ flowsRun: new Set(["checkout", "search"]), passedFlows: new Set(["checkout"]) }),
    );
    expect(verdict).toEqual({
      done: ["a: `checkout` passes", "b: copy reviewed"],
      skipped: ["c: n/a on mobile"],
      failed: ["d: docs updated", "e: `search` passes"],
      reasons: { "d: docs updated": "unchecked", "e: `search` passes": "flow `search` failed" },
    });
  });
});

describe("acceptanceFlowRefs", () => {
  it("lists the known flows the applicable items cite, once each, in order", () => {
    const items = parseAcceptance(
      [
        "- `search` and `cart.test.ts` pass",
        "- `checkout` passes",
        "- n/a: `admin` on mobile",
        "- `search` again",
        "Verify:",
        "- login",
      ].join("\n"),
    );
    const known = new Set(["checkout", "search", "admin", "login"]);
    expect(acceptanceFlowRefs(items, known)).toEqual(["search", "checkout"]);
    expect(acceptanceFlowRefs(items, new Set())).toEqual([]);
  });
});
