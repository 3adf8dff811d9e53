import { describe, expect, it } from "vitest";
import { shellQuote, substituteFlow } from "./shell-quote.js";

describe("shellQuote", () => {
  it("leaves boring words alone", () => {
    expect(shellQuote("checkout-happy-path")).toBe("checkout-happy-path");
  });
});

describe("substituteFlow", () => {
  it("replaces every {flow}", () => {
    expect(substituteFlow("run {flow} --out {flow}.json", "a b")).toBe(
      "run 'a b' --out 'a b'.json",
    );
    expect(substituteFlow("verify-runner {flow}", "--list")).toBe("verify-runner '--list'");
  });
});
