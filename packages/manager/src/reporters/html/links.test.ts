import { describe, expect, it } from "vitest";
import { flowHref, parseSearch } from "./links.js";

describe("the report's links and search language", () => {
  it("links a flow by its name, encoded", () => {
    expect(flowHref("checkout")).toBe("#?flow=checkout");
    expect(flowHref("a b&c")).toBe("#?flow=a%20b%26c");
  });

  it("reads s: status tokens, @tags and words", () => {
    expect(parseSearch("  s:failed @Critical Cart  count ")).toEqual({
      status: "failed",
      tags: ["critical"],
      words: ["cart", "count"],
    });
    expect(parseSearch("s:passed s:flaky")).toMatchObject({ status: "flaky" });
    expect(parseSearch("s:skipped")).toMatchObject({ status: "not_run" });
  });

  it("treats unknown statuses and a lone @ as words", () => {
    expect(parseSearch("s:weird @")).toEqual({ status: null, tags: [], words: ["s:weird", "@"] });
    expect(parseSearch("")).toEqual({ status: null, tags: [], words: [] });
  });
});
