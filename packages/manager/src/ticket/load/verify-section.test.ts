import { describe, expect, it } from "vitest";
import { findVerifySections, itemName, parseVerifyText, requestedFlows } from "./verify-section.js";

describe("parseVerifyText", () => {
  it("reads a Verify: line followed by bullets", () => {
    expect(parseVerifyText("Fix the cart.\n\nVerify:\n- checkout-happy-path\n- login\n")).toEqual([
      "checkout-happy-path",
      "login",
    ]);
  });

  it("reads a ## Verify heading, with a blank line before the bullets", () => {
    expect(
      parseVerifyText("## Verify\n\n* cart-count\n* search\n\n## Notes\n- not-a-flow"),
    ).toEqual(["cart-count", "search"]);
  });

  it.each([
    ["-", "- a\n- b"],
    ["*", "* a\n* b"],
    ["+", "+ a\n+ b"],
    ["1.", "1. a\n2. b"],
    ["1)", "1) a\n2) b"],
    ["indented", "  - a\n    - b"],
  ])("accepts %s bullets", (_label, bullets) => {
    expect(parseVerifyText(`Verify:\n${bullets}`)).toEqual(["a", "b"]);
  });

  it("takes names out of backticks and drops a trailing explanation", () => {
    expect(
      parseVerifyText("Verify:\n- `checkout` — the happy path\n- `login` (critical)\n- `search`"),
    ).toEqual(["checkout", "login", "search"]);
  });

  it("ends the section at a blank line after the items", () => {
    expect(parseVerifyText("Verify:\n- a\n\n- b")).toEqual(["a"]);
  });

  it("ends the section at the next heading or at prose", () => {
    expect(parseVerifyText("Verify:\n- a\n### Other\n- b")).toEqual(["a"]);
    expect(parseVerifyText("Verify:\n- a\nSome prose.\n- b")).toEqual(["a"]);
  });

  it("is case-insensitive and accepts bold or a colon on the heading", () => {
    expect(parseVerifyText("VERIFY:\n- a")).toEqual(["a"]);
    expect(parseVerifyText("**Verify:**\n- a")).toEqual(["a"]);
    expect(parseVerifyText("### Verify:\n- a")).toEqual(["a"]);
  });

  it("does not take prose that merely starts with Verify as a section", () => {
    expect(parseVerifyText("Verify that the cart works.\n- a")).toBeNull();
    expect(parseVerifyText("Please verify:\n- a")).toBeNull();
    expect(parseVerifyText("## Verification\n- a")).toBeNull();
  });

  it("ignores a Verify: inside a code fence", () => {
    expect(parseVerifyText("```\nVerify:\n- a\n```\n")).toBeNull();
  });

  it("returns an empty list for a section without bullets, null for no section", () => {
    expect(parseVerifyText("Verify:\n\nnothing here")).toEqual([]);
    expect(parseVerifyText("no section at all")).toBeNull();
    expect(parseVerifyText("")).toBeNull();
  });

  it("handles CRLF line endings", () => {
    expect(parseVerifyText("Verify:\r\n- a\r\n- b\r\n")).toEqual(["a", "b"]);
  });

  it("joins several sections in one text", () => {
    expect(parseVerifyText("Verify:\n- a\n\n## Verify\n- b")).toEqual(["a", "b"]);
  });

  it("keeps hostile items verbatim so they can be reported, never rewritten into valid names", () => {
    const text = [
      "Verify:",
      "- checkout; touch /tmp/x",
      "- $(touch /tmp/x)",
      "- `rm -rf /`",
      "- --list",
      "- ../../etc",
      "- `a`b`",
    ].join("\n");
    expect(parseVerifyText(text)).toEqual([
      "checkout; touch /tmp/x",
      "$(touch /tmp/x)",
      "rm -rf /",
      "--list",
      "../../etc",
      "`a`b`",
    ]);
  });
});

describe("itemName", () => {
  it("keeps text that is not a leading code span whole", () => {
    expect(itemName("  checkout  ")).toBe("checkout");
    expect(itemName("checkout - the happy path")).toBe("checkout - the happy path");
    expect(itemName("`checkout`: why")).toBe("checkout");
  });
});

describe("findVerifySections / requestedFlows", () => {
  it("reads description, acceptance_criteria and notes, and dedupes in order", () => {
    const sections = findVerifySections({
      description: "Verify:\n- a\n- b",
      acceptance_criteria: "## Verify\n- b\n- c",
      notes: "nothing",
    });
    expect(sections.map((s) => s.field)).toEqual(["description", "acceptance_criteria"]);
    expect(requestedFlows(sections)).toEqual(["a", "b", "c"]);
  });

  it("finds nothing when no field has a section", () => {
    expect(findVerifySections({ description: "just text" })).toEqual([]);
    expect(requestedFlows([])).toEqual([]);
  });
});
